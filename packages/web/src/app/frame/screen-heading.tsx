import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useScreenName } from './tabs-bar';

/**
 * The current screen's name as the page's one heading of level 1 (read by screen readers, not shown:
 * the window tab already shows it) and as the browser's title, "<screen> - <product>".
 */
export function ScreenHeading() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const name = useScreenName()(pathname);
  const product = t('common.productName');
  useEffect(() => {
    document.title = `${name} - ${product}`;
    return () => {
      document.title = product;
    };
  }, [name, product]);
  return (
    <h1 className="visually-hidden" data-testid="screen-heading">
      {name}
    </h1>
  );
}
