import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { useStableCallback } from '../stable-callback';
import type { RegistrationAnswer } from './answers';

export interface Registrable {
  id: number;
  name: string;
  registered?: boolean;
}

/**
 * Register or unregister a device after confirmation; says when the device is offline and the change
 * waits for it; `onChanged` gets the server's answer (to update the cached row).
 */
export function useRegistration(
  send: (id: number, registered: boolean) => Promise<RegistrationAnswer>,
  onChanged: (answer: RegistrationAnswer) => void,
) {
  const { t } = useTranslation();
  const { message, confirm } = useFeedback();
  const mutation = useMutation({
    mutationFn: ({ device, registered }: { device: Registrable; registered: boolean }) => send(device.id, registered),
    onSuccess: (answer, { device, registered }) => {
      message.success(t(registered ? 'gateways.registerDone' : 'gateways.unregisterDone', { name: device.name }));
      if (!answer.delivered) message.info(t('gateways.notDelivered'));
      onChanged(answer);
    },
  });
  return useStableCallback((device: Registrable) => {
    const registered = !device.registered;
    confirm({
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      title: registered ? t('gateways.register') : t('gateways.unregister'),
      content: device.name,
      onOk: () => mutation.mutateAsync({ device, registered }),
    });
  });
}

/** The register / unregister link of a device row. */
export function RegistrationButton({ device, onToggle }: { device: Registrable; onToggle: (d: Registrable) => void }) {
  const { t } = useTranslation();
  return (
    <Button size="small" type="link" danger={Boolean(device.registered)} onClick={() => onToggle(device)}>
      {device.registered ? t('gateways.unregister') : t('gateways.register')}
    </Button>
  );
}
