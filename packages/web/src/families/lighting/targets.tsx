import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableModal } from '../../components/draggable-modal';
import { useLampOptions } from './common';

export interface Targets {
  lampIds: number[];
  groupIds: number[];
}

/**
 * Asks which lamps and LCU groups an action goes to (use, remove, clear policies); says "choose at least
 * one" instead of sending nothing.
 */
export function TargetsDialog({
  projectId,
  open,
  title,
  okText,
  danger,
  onSubmit,
  onClose,
}: {
  projectId: number;
  open: boolean;
  title: string;
  okText?: string;
  danger?: boolean;
  onSubmit: (targets: Targets) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const options = useLampOptions(projectId);
  const [lampIds, setLampIds] = useState<number[]>([]);
  const [groupIds, setGroupIds] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  return (
    <DraggableModal
      open={open}
      title={title}
      okText={okText ?? t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger, loading: sending }}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        if (lampIds.length + groupIds.length === 0) {
          setError(t('lighting.rules.noLamps'));
          return;
        }
        setSending(true);
        try {
          await onSubmit({ lampIds, groupIds });
          onClose();
        } catch {
          // The request reported its error.
        } finally {
          setSending(false);
        }
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('lamps.targets.groups')} validateStatus={error ? 'error' : undefined}>
          <Select
            mode="multiple"
            value={groupIds}
            onChange={(v) => {
              setGroupIds(v);
              setError(null);
            }}
            options={options.lcuGroups}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="targets-groups"
            aria-label={t('lamps.targets.groups')}
          />
        </Form.Item>
        <Form.Item
          label={t('lamps.targets.lamps')}
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Select
            mode="multiple"
            value={lampIds}
            onChange={(v) => {
              setLampIds(v);
              setError(null);
            }}
            options={options.lamps}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="targets-lamps"
            aria-label={t('lamps.targets.lamps')}
          />
        </Form.Item>
      </Form>
    </DraggableModal>
  );
}
