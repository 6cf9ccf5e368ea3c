import { useTranslation } from 'react-i18next';

/** The identity-code image: an SVG bound to a cookie of this origin; a click asks for a new one. */
export function IdentifyCodeImage({ stamp, onRefresh }: { stamp: number; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="identify-code" title={t('login.refreshCode')} onClick={onRefresh}>
      <img
        src={`/code/getloginidentifyimage.do?t=${stamp}`}
        alt={t('login.identifyCode')}
        data-testid="identify-code-image"
      />
    </button>
  );
}
