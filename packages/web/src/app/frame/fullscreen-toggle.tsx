import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Follows the document's real state, so leaving with Esc is reflected too. */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () =>
    (full ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined);
  const label = full ? t('frame.exitFullscreen') : t('frame.fullscreen');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
        data-testid="fullscreen-toggle"
      />
    </Tooltip>
  );
}
