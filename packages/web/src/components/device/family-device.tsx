import { ThunderboltOutlined } from '@ant-design/icons';
import type { DeviceView, RealtimePush } from '@sc/contract';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Flex, Row } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterPaint } from '../after-paint';
import { canModify, useAuthLevel } from '../crud';
import { formatTime } from '../time';
import type { CommandAnswer } from './answers';
import { CommandBar } from './command-bar';
import type { DeviceRowCall } from './device-client';
import {
  type DeviceBack,
  type DeviceProperty,
  DeviceShell,
  type DeviceTab,
  locationText,
  useLiveDevice,
} from './device-page';
import { LatestValues } from './latest-values';
import type { ReadingDef, ReadingPoint } from './readings-chart';

/**
 * The one-device page of a family with latest values (dustbins, WiFi, meters): the row loaded and followed
 * live, the latest values reloaded (or patched) by the device's telemetry, its event lists by its events;
 * the header, the latest-values card with the commands and the family's side card for editors.
 */

export interface FamilyDeviceOptions<L> {
  id: number;
  /** The family's device type: its telemetry of this device refreshes the latest values. */
  type: string;
  queryKey: QueryKey;
  queryFn: () => Promise<DeviceView>;
  back: DeviceBack;
  latest: {
    queryKey: QueryKey;
    queryFn: () => Promise<L>;
    /** The latest values from a telemetry push itself (without it, the values are asked again). */
    fromPush?: (values: Record<string, unknown>, at: string) => L;
  };
  /** The keys of the device's event lists, asked again when it raises an event. */
  events: QueryKey[];
}

/** The device's row followed live, its latest values, and whether the user may change it. */
export function useFamilyDevice<L>(options: FamilyDeviceOptions<L>) {
  const client = useQueryClient();
  const editable = canModify(useAuthLevel());
  const { id, latest } = options;
  const row = useLiveDevice({
    id,
    queryKey: options.queryKey,
    queryFn: options.queryFn,
    back: options.back,
    onPush: (push: RealtimePush) => {
      if (!('deviceId' in push) || push.deviceId !== id) return;
      if (push.kind === 'telemetry' && push.type === options.type) {
        const { fromPush } = latest;
        if (fromPush) client.setQueryData<L>(latest.queryKey, () => fromPush(push.values, push.at));
        else void client.invalidateQueries({ queryKey: latest.queryKey });
      }
      if (push.kind === 'event') for (const queryKey of options.events) void client.invalidateQueries({ queryKey });
    },
  });
  const values = useQuery({ queryKey: latest.queryKey, queryFn: latest.queryFn, enabled: row.ok });
  return { ...row, latest: values, editable };
}

/** A call of the device's latest values (a table's `latest`), with its query key. */
export interface LatestCall<L> {
  (args: { id: number }): Promise<L>;
  key(args: { id: number }): QueryKey;
}

/**
 * useFamilyDevice with a family client (familyClient): the row by its `one` call and key, telemetry of its
 * type, the latest values by a call of the device (or as given).
 */
export function useClientDevice<L>(
  client: { type: string; one: DeviceRowCall },
  options: {
    id: number;
    back: DeviceBack;
    latest: LatestCall<L> | FamilyDeviceOptions<L>['latest'];
    events: QueryKey[];
  },
) {
  const { id, latest } = options;
  return useFamilyDevice<L>({
    id,
    type: client.type,
    queryKey: client.one.key(id),
    queryFn: () => client.one(id),
    back: options.back,
    latest: typeof latest === 'function' ? { queryKey: latest.key({ id }), queryFn: () => latest({ id }) } : latest,
    events: options.events,
  });
}

/** The row's fields most families list among the device's properties. */
export type DeviceField =
  | 'no'
  | 'equipmentId'
  | 'lastActiveAt'
  | 'parentName'
  | 'modelName'
  | 'areaName'
  | 'groupName'
  | 'location'
  | 'description';

const fieldValue = (d: DeviceView, field: DeviceField): ReactNode => {
  if (field === 'location') return locationText(d);
  if (field === 'lastActiveAt') return formatTime(d.lastActiveAt);
  return d[field] ?? '';
};

/** A device's properties: a row field by its name (labelled by `label`), or the family's own. */
export const propertyItems = (
  d: DeviceView,
  properties: readonly (DeviceField | DeviceProperty)[],
  label: (field: DeviceField) => string,
) => properties.map((p) => (typeof p === 'string' ? { key: p, label: label(p), value: fieldValue(d, p) } : p));

/** A device page's tabs by key, each labelled `<prefix>.<key>` (in the order given). */
export const namedTabs = (t: TFunction, prefix: string, tabs: Record<string, ReactNode>): DeviceTab[] =>
  Object.entries(tabs).map(([key, children]) => ({ key, label: t(`${prefix}.${key}`), children }));

export interface FamilyDeviceShellProps {
  device: DeviceView;
  back: DeviceBack;
  /** The family's texts (`<ns>.properties`, `<ns>.realtime`, `<ns>.commandsTitle`, `<ns>.commands.<name>`) and test ids. */
  ns: string;
  editable: boolean;
  /** Buttons and switches in the header. */
  actions?: ReactNode;
  /** The properties: a row field by its name, or the family's own. */
  properties: (DeviceField | DeviceProperty)[];
  /** The label of a row field (default the device list's). */
  fieldLabel?: (field: DeviceField) => string;
  latest: {
    reading: ReadingPoint | undefined;
    readings: ReadingDef[];
    /** The label of the time of the values. */
    atLabel: string;
    /** The card's title (default `<ns>.realtime`). */
    title?: string;
    /** The card's test id (default `<ns>-realtime`). */
    testId?: string;
    /** Beside the card's title. */
    extra?: ReactNode;
    /** Under the values. */
    footer?: ReactNode;
  };
  /** The device's commands, for editors under the values; the answer is what the bar shows. */
  commands?: { names: readonly string[]; send: (name: string) => Promise<CommandAnswer> };
  /** The family's card beside the values, for editors. */
  side?: ReactNode;
  /** The family's cards under the values. */
  children?: ReactNode;
}

/** The header with the properties, the latest values with the commands and the side card, the family's cards. */
export function FamilyDeviceShell(props: FamilyDeviceShellProps) {
  const { t } = useTranslation();
  const { device: d, ns, editable, latest, commands } = props;
  const label = props.fieldLabel ?? ((field: DeviceField) => t(`devices.fields.${field}`));
  const items = propertyItems(d, props.properties, label);
  return (
    <DeviceShell
      device={d}
      back={props.back}
      testId={ns}
      actions={props.actions}
      properties={{ title: t(`${ns}.properties`), items }}
    >
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={editable && props.side ? 14 : 24}>
          <Card
            title={latest.title ?? t(`${ns}.realtime`)}
            size="small"
            data-testid={latest.testId ?? `${ns}-realtime`}
            extra={latest.extra}
          >
            <Flex vertical gap={12}>
              <LatestValues reading={latest.reading} readings={latest.readings} atLabel={latest.atLabel} />
              {latest.footer}
              {editable && commands && (
                <CommandBar
                  title={t(`${ns}.commandsTitle`)}
                  send={commands.send}
                  commands={commands.names.map((name) => ({
                    key: name,
                    label: t(`${ns}.commands.${name}`),
                    icon: <ThunderboltOutlined />,
                  }))}
                />
              )}
            </Flex>
          </Card>
        </Col>
        {editable && props.side && (
          <Col xs={24} xl={10}>
            {props.side}
          </Col>
        )}
      </Row>
      {/* The family's cards, below the fold: mounted after the top of the page is drawn. */}
      {props.children && <AfterPaint>{props.children}</AfterPaint>}
    </DeviceShell>
  );
}
