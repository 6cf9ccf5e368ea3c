import { deviceScreenOf } from '@sc/contract';
import { Button, Flex, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActiveStateTag } from '../../components/device';
import type { FedDevice } from './api';
import './texts';

/** A device's own page (its family's), or the device wizard for a type without one. */
const pageOf = (d: FedDevice) => `${deviceScreenOf(d.type)?.path ?? '/pjt/pjtdeviceedit'}?id=${d.id}`;

/** The fed devices by circuit (null: those that name the cabinet without a circuit). */
export function fedByCircuit(devices: readonly FedDevice[] | undefined) {
  const by = new Map<number | null, FedDevice[]>();
  for (const d of devices ?? []) by.set(d.circuit, [...(by.get(d.circuit) ?? []), d]);
  return by;
}

/** "Devices fed: 3" on a circuit's tile; opens the list of them, each with its state and a link to its page. */
export function FedDevices({ index, devices }: { index: number | null; devices: readonly FedDevice[] }) {
  const { t } = useTranslation();
  if (devices.length === 0)
    return index === null ? null : (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('cabinets.circuits.fedNone')}
      </Typography.Text>
    );
  const list = (
    <Flex vertical gap={6} style={{ maxHeight: 320, overflow: 'auto', minWidth: 260 }} data-testid="fed-list">
      {devices.map((d) => (
        <Flex key={d.id} justify="space-between" align="center" gap={12}>
          <span>
            <Link to={pageOf(d)}>{d.name}</Link>
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              {d.no}
            </Typography.Text>
          </span>
          <ActiveStateTag state={d.activeState} />
        </Flex>
      ))}
    </Flex>
  );
  return (
    <Popover
      trigger="click"
      title={
        index === null
          ? t('cabinets.circuits.fedUnsaid', { count: devices.length })
          : t('cabinets.circuits.fedTitle', { index })
      }
      content={list}
    >
      <Button size="small" type="link" style={{ padding: 0 }} data-testid={`circuit-${index ?? 'unsaid'}-fed`}>
        {index === null
          ? t('cabinets.circuits.fedUnsaid', { count: devices.length })
          : t('cabinets.circuits.fed', { count: devices.length })}
      </Button>
    </Popover>
  );
}
