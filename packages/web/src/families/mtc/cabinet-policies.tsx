import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DevicePolicies } from '../../components/device';
import { type MtcApi, mtcKeys } from './api';
import './texts';

/** The policies the cabinet runs. */
export function CabinetPolicies({ projectId, id, m }: { projectId: number; id: number; m: MtcApi }) {
  const { t } = useTranslation();
  const policies = useQuery({
    queryKey: [...mtcKeys.cabinet(projectId, id), 'policies'],
    queryFn: () => m.cabinetPolicies(id),
  });
  return (
    <DevicePolicies
      actions={
        <>
          <Typography.Text type="secondary">{t('cabinets.policies.hint')}</Typography.Text>
          <Link to="/pjt/pjtdevicemtcpolicy">{t('menu.pjtdevicemtcpolicy')}</Link>
        </>
      }
      rows={policies.data}
      loading={policies.isLoading}
      labels={{
        name: t('cabinets.policy.fields.name'),
        no: t('cabinets.policy.fields.no'),
        inUse: t('cabinets.policy.fields.inUse'),
      }}
      mode={{
        key: 'timeMode',
        title: t('cabinets.policy.fields.timeMode'),
        render: (p) => t(`cabinets.timeModes.${p.timeMode}`),
      }}
    />
  );
}
