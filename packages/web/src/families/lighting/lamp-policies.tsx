import { CloudUploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { useFeedback } from '../../app/feedback';
import { DevicePolicies } from '../../components/device';
import { type LightingApi, lightingKeys } from './api';

/** The policies the lamp runs, and pushing them to its controller again (policydef). */
export function LampPolicies({
  projectId,
  id,
  l,
  editable,
}: {
  projectId: number;
  id: number;
  l: LightingApi;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const policies = useQuery({
    queryKey: [...lightingKeys.lamp(projectId, id), 'policies'],
    queryFn: () => l.lampPolicies(id),
  });
  const push = useMutation({
    mutationFn: () => l.policydefLamp(id),
    onSuccess: () => message.success(t('lamps.policies.pushed')),
    onError: (error) => message.error((isApiError(error) && error.body?.message) || t('common.loadFailed')),
  });
  return (
    <DevicePolicies
      actions={
        <>
          {editable && (
            <Button icon={<CloudUploadOutlined />} loading={push.isPending} onClick={() => push.mutate()}>
              {t('lighting.commands.policydef')}
            </Button>
          )}
          <Typography.Text type="secondary">{t('lamps.policies.hint')}</Typography.Text>
        </>
      }
      rows={policies.data}
      loading={policies.isLoading}
      labels={{ name: t('lighting.policy.name'), no: t('lighting.policy.no'), inUse: t('lighting.policy.inUse') }}
      mode={{
        key: 'cycle',
        title: t('schedule.cycle'),
        render: (p) => t(`schedule.cycleModes.${p.cycle.mode}`),
      }}
    />
  );
}
