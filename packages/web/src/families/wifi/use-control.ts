import type { WifiControlBody } from '@sc/contract/families/wifi';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/report';
import { useFeedback } from '../../app/feedback';
import { wifiApi } from './api';
import { realdataKey } from './live-query';

/**
 * Sends a control to the AP (offline 409, silent 504 come back as the server's words) and, once it
 * answered, reads its clients, log and runtime again.
 */
export function useControl(projectId: number, id: number) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { message } = useFeedback();
  return useMutation({
    mutationFn: (body: WifiControlBody) => wifiApi(projectId).control({ id, body }, { silent: true }),
    onSuccess: (_answer, body) => {
      message.success(t('wifi.sent', { action: t(`wifi.actions.${body.action}`) }));
      const wifi = wifiApi(projectId);
      for (const queryKey of [realdataKey(projectId, id), wifi.logs.key({ id }), wifi.latest.key({ id })])
        void client.invalidateQueries({ queryKey });
    },
    onError: (error) => message.error(failureText(error)),
  });
}
