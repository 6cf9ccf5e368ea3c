import { Alert, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LedResource } from './api';

/** A resource's file as the screen would show it: image, video, html or text (sandboxed), Flash named only. */
export function ResourcePreview({
  resource,
  href,
  onClose,
}: {
  resource: LedResource;
  href: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mime = resource.mime ?? '';
  const body = mime.startsWith('image/') ? (
    <img src={href} alt={resource.name} style={{ maxWidth: '100%' }} data-testid="led-preview-image" />
  ) : mime === 'video/mp4' ? (
    // biome-ignore lint/a11y/useMediaCaption: an advert's video has no captions to give
    <video src={href} controls style={{ width: '100%' }} data-testid="led-preview-video" />
  ) : mime.startsWith('text/') ? (
    // An uploaded page runs nothing: an empty sandbox, and the server's own sandbox header besides.
    <iframe
      src={href}
      title={resource.name}
      sandbox=""
      style={{ width: '100%', height: 360, border: '1px solid var(--ant-color-border)' }}
      data-testid="led-preview-frame"
    />
  ) : (
    <Alert type="info" showIcon title={t('led.resources.noPreview')} />
  );
  return (
    <Modal
      open
      title={`${t('led.resources.preview')}: ${resource.name}`}
      footer={null}
      width={720}
      onCancel={onClose}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}

/** A small picture of an image resource in its row (nothing for the other media). */
export function ResourceThumb({ resource, href }: { resource: LedResource; href: string }) {
  if (!resource.mime?.startsWith('image/')) return null;
  return (
    <img
      src={href}
      alt={resource.name}
      data-testid="led-thumb"
      style={{ height: 32, maxWidth: 64, objectFit: 'contain', verticalAlign: 'middle' }}
    />
  );
}
