import { connectionBody, ECE_PLATFORMS } from '@sc/contract/families/ece';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { canModify, FormDialog, useAuthLevel } from '../../components/crud';
import { eceApi } from './api';

const rule = connectionBody.shape;

/**
 * Spec 001 §7 "ece: connection params": where the posts' intercom platform is, in a dialog of the
 * posts' list; the contract's rules check the fields here and on the server.
 */
export function ConnectionButton({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const client = useQueryClient();
  const api = eceApi(projectId);
  const [open, setOpen] = useState(false);
  const editable = canModify(useAuthLevel());
  const stored = useQuery({ queryKey: api.connection.key({}), queryFn: () => api.connection({}), enabled: open });
  const data = stored.data;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="ece-connection-open">
        {t('ece.connection.open')}
      </Button>
      {data && (
        <FormDialog
          open={open}
          title={t('ece.connection.title')}
          resource="ece.connection"
          editing
          initialValues={data}
          fields={[
            {
              name: 'platform',
              rule: rule.platform,
              required: true,
              input: (
                <Select
                  disabled={!editable}
                  options={ECE_PLATFORMS.map((p) => ({ value: p, label: t(`ece.connection.platforms.${p}`) }))}
                />
              ),
            },
            {
              name: 'clientServerIp',
              rule: rule.clientServerIp,
              required: true,
              input: <Input disabled={!editable} />,
            },
            {
              name: 'iscPort',
              rule: rule.iscPort,
              required: true,
              input: <InputNumber disabled={!editable} style={{ width: '100%' }} />,
            },
            { name: 'iscContextPath', rule: rule.iscContextPath, input: <Input disabled={!editable} /> },
            {
              name: 'dssPort',
              rule: rule.dssPort,
              required: true,
              input: <InputNumber disabled={!editable} style={{ width: '100%' }} />,
            },
            { name: 'dhApiAddress', rule: rule.dhApiAddress, input: <Input disabled={!editable} /> },
          ]}
          onSubmit={async (values) => {
            const saved = await api.saveConnection({ body: values as never });
            client.setQueryData(api.connection.key({}), saved);
            message.success(t('ece.connection.saved'));
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
