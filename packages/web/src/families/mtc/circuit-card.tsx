import { PoweroffOutlined, SettingOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Modal, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import type { FedDevice } from './api';
import { CircuitGrid, type CircuitView } from './circuits';
import { CIRCUIT_COMMANDS, CommandOutcome, type useCommand } from './controls';
import { FedDevices, fedByCircuit } from './fed-devices';
import './texts';

/** "回路 1、3" / "circuits 1, 3": the circuits a confirmation names. */
export function useCircuitNames() {
  const { t } = useTranslation();
  return (indexes: readonly number[]) =>
    indexes.length === 1
      ? t('cabinets.circuits.name', { index: indexes[0] })
      : t('cabinets.circuits.names', { list: indexes.join(t('cabinets.circuits.separator')) });
}

/**
 * The cabinet's circuits with their controls: one circuit switched from its tile, several at once
 * (multi control) from the selection, and the circuit settings (enable, cable-theft watch) written.
 * Each switch asks first and says what it does to the lamps (and that a policy may switch it back).
 */
export function CircuitCard({
  circuits,
  mode,
  editable,
  command,
  fed,
}: {
  circuits: CircuitView[];
  /** The devices the circuits power (their feeder properties name the cabinet). */
  fed?: readonly FedDevice[];
  mode: string | null;
  editable: boolean;
  command: ReturnType<typeof useCommand>;
}) {
  const { t } = useTranslation();
  const { confirm } = useFeedback();
  const names = useCircuitNames();
  const [selected, setSelected] = useState<number[]>([]);
  const [writing, setWriting] = useState(false);
  const policyNote = mode === 'policy' ? ` ${t('cabinets.confirm.policyMode')}` : '';

  const askSwitch = (indexes: number[], on: boolean) =>
    confirm({
      title: t(on ? 'cabinets.circuits.switchOn' : 'cabinets.circuits.switchOff'),
      content: `${t(on ? 'cabinets.confirm.switchOn' : 'cabinets.confirm.switchOff', { circuits: names(indexes) })}${policyNote}`,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: !on },
      onOk: () =>
        void (
          indexes.length === 1
            ? command.run('switch', { circuit: indexes[0], on })
            : command.run('multiswitch', { circuits: indexes.map((circuit) => ({ circuit, on })) })
        ).then(() => setSelected([])),
    });
  const running = command.pending('switch') || command.pending('multiswitch');
  const byCircuit = fedByCircuit(fed);

  return (
    <Card
      size="small"
      title={t('cabinets.circuits.title')}
      extra={
        <Typography.Text type="secondary">
          {t('cabinets.circuits.litOf', {
            lit: circuits.filter((c) => c.actual === true).length,
            count: circuits.length,
          })}
        </Typography.Text>
      }
    >
      <Flex vertical gap={12}>
        {circuits.length === 0 ? (
          <Typography.Text type="secondary">{t('cabinets.circuits.none')}</Typography.Text>
        ) : (
          <CircuitGrid
            circuits={circuits}
            selected={editable ? selected : undefined}
            onSelect={editable ? setSelected : undefined}
            onSwitch={editable ? (index, on) => askSwitch([index], on) : undefined}
            pending={running ? selected : undefined}
            fed={fed ? byCircuit : undefined}
          />
        )}
        <FedDevices index={null} devices={byCircuit.get(null) ?? []} />
        {editable && (
          <Flex gap={8} wrap align="center" data-testid="circuit-multi">
            <Button
              size="small"
              onClick={() => setSelected(selected.length === circuits.length ? [] : circuits.map((c) => c.index))}
            >
              {selected.length === circuits.length
                ? t('cabinets.circuits.selectNone')
                : t('cabinets.circuits.selectAll')}
            </Button>
            <Typography.Text type="secondary">
              {t('cabinets.circuits.selected', { count: selected.length })}
            </Typography.Text>
            <Button
              type="primary"
              icon={<ThunderboltOutlined />}
              disabled={selected.length === 0}
              loading={command.pending('multiswitch')}
              onClick={() => askSwitch(selected, true)}
              data-testid="multi-on"
            >
              {t('cabinets.circuits.multiOn')}
            </Button>
            <Button
              danger
              icon={<PoweroffOutlined />}
              disabled={selected.length === 0}
              loading={command.pending('multiswitch')}
              onClick={() => askSwitch(selected, false)}
              data-testid="multi-off"
            >
              {t('cabinets.circuits.multiOff')}
            </Button>
            <Button
              icon={<SettingOutlined />}
              onClick={() => setWriting(true)}
              disabled={circuits.length === 0}
              data-testid="write-circuits"
            >
              {t('cabinets.commands.writecircuits')}
            </Button>
          </Flex>
        )}
        {CIRCUIT_COMMANDS.includes(command.outcome?.command ?? '') && (
          <CommandOutcome outcome={command.outcome} onClose={command.clear} />
        )}
      </Flex>
      {writing && (
        <WriteCircuitsDialog
          circuits={circuits}
          onClose={() => setWriting(false)}
          onSubmit={(rows) =>
            confirm({
              title: t('cabinets.commands.writecircuits'),
              content: t('cabinets.confirm.writecircuits', {
                off:
                  rows
                    .filter((r) => !r.enable)
                    .map((r) => r.circuit)
                    .join(t('cabinets.circuits.separator')) || t('cabinets.circuits.noneWord'),
              }),
              okText: t('common.ok'),
              cancelText: t('common.cancel'),
              okButtonProps: { danger: true },
              onOk: () => {
                setWriting(false);
                void command.run('writecircuits', { circuits: rows });
              },
            })
          }
        />
      )}
    </Card>
  );
}

interface CircuitSetting {
  circuit: number;
  enable: boolean;
  cableTheft: boolean;
}

/** The circuit settings: which circuits are in use and which are watched for cable theft. */
function WriteCircuitsDialog({
  circuits,
  onClose,
  onSubmit,
}: {
  circuits: CircuitView[];
  onClose: () => void;
  onSubmit: (rows: CircuitSetting[]) => void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<CircuitSetting[]>(
    circuits.map((c) => ({ circuit: c.index, enable: c.enabled !== false, cableTheft: false })),
  );
  const set = (circuit: number, patch: Partial<CircuitSetting>) =>
    setRows((all) => all.map((r) => (r.circuit === circuit ? { ...r, ...patch } : r)));
  return (
    <Modal
      open
      title={t('cabinets.commands.writecircuits')}
      onCancel={onClose}
      onOk={() => onSubmit(rows)}
      okText={t('cabinets.circuits.write')}
      cancelText={t('common.cancel')}
      width={520}
    >
      <Table<CircuitSetting>
        data-testid="write-circuits-table"
        rowKey="circuit"
        size="small"
        pagination={false}
        scroll={{ y: 360 }}
        dataSource={rows}
        columns={[
          {
            title: t('cabinets.circuits.circuit'),
            dataIndex: 'circuit',
            render: (v: number) => t('cabinets.circuits.name', { index: v }),
          },
          {
            title: t('cabinets.circuits.enable'),
            dataIndex: 'enable',
            render: (v: boolean, r) => (
              <Switch
                size="small"
                checked={v}
                onChange={(enable) => set(r.circuit, { enable })}
                aria-label={`${t('cabinets.circuits.enable')} ${r.circuit}`}
              />
            ),
          },
          {
            title: t('cabinets.circuits.watchTheft'),
            dataIndex: 'cableTheft',
            render: (v: boolean, r) => (
              <Switch
                size="small"
                checked={v}
                onChange={(cableTheft) => set(r.circuit, { cableTheft })}
                aria-label={`${t('cabinets.circuits.watchTheft')} ${r.circuit}`}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
