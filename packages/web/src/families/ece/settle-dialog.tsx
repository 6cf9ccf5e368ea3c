import { SETTLE_RESULTS, settleBody } from '@sc/contract/families/ece';
import { Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/crud';
import type { Alarm } from './api';

const rule = settleBody.shape;

/** Settle or ignore an alarm with a note (the check level), with the contract's rules. */
export function SettleDialog({
  alarm,
  onSettle,
  onClose,
}: {
  alarm: Alarm | null;
  onSettle: (alarm: Alarm, values: { result: (typeof SETTLE_RESULTS)[number]; note: string }) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={alarm !== null}
      title={t('ece.log.settleTitle', { name: alarm?.device.name ?? '' })}
      resource="ece.settle"
      editing={false}
      initialValues={{ result: 'settled', note: '' }}
      fields={[
        {
          name: 'result',
          rule: rule.result,
          required: true,
          input: (
            <Radio.Group
              options={SETTLE_RESULTS.map((r) => ({ value: r, label: t(`ece.settleDetails.${r}`) }))}
              data-testid="ece-settle-result"
            />
          ),
        },
        {
          name: 'note',
          rule: rule.note,
          input: <Input.TextArea rows={3} maxLength={200} showCount placeholder={t('ece.log.notePlaceholder')} />,
        },
      ]}
      onSubmit={async (values) => {
        if (alarm) await onSettle(alarm, values as { result: 'settled'; note: string });
      }}
      onClose={onClose}
    />
  );
}
