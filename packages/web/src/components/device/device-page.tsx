import { ArrowLeftOutlined, EnvironmentOutlined, HistoryOutlined } from '@ant-design/icons';
import type { DeviceView, RealtimePush } from '@sc/contract';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Flex,
  Result,
  Space,
  Spin,
  Table,
  Tabs,
  type TabsProps,
  Tag,
  Typography,
} from 'antd';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useRealtime } from '../../api/realtime';
import { useResync } from '../../api/realtime-resync';
import { useFeedback } from '../../app/feedback';
import { AfterPaint } from '../after-paint';
import { MaintenanceHistoryLink } from '../maintenance/history-link';
import { CoordinatePicker, type CoordinateValue, coordinateError } from '../map/coordinate-picker';
import { ProjectScoped } from '../project-scoped';
import type { RegistrationAnswer } from './answers';
import { fetchDevice } from './device-client';
import { patchLiveRow } from './state-push';
import { ActiveStateTag, LiveBadge, RegisteredTag } from './tags';

/**
 * The frame of a one-device page (/pjt/pjtdevice<family>?id=): the id from the address, the device's row
 * loaded and followed live, loading and not-found, and the header card with the device's name, its tags,
 * the operation log and back links, its properties, the family's own cards and its tabs.
 */

/** Where a device page leads back to, and the keys of its words for going back and for a device that is not there. */
export interface DeviceBack {
  /** The family's list screen. */
  to: string;
  /** The back button's text key. */
  label: string;
  /** The not-found title's key. */
  missing: string;
}

/** The back button to the family's list. */
export function BackLink({ back }: { back: DeviceBack }) {
  const { t } = useTranslation();
  return (
    <Link to={back.to}>
      <Button icon={<ArrowLeftOutlined />}>{t(back.label)}</Button>
    </Link>
  );
}

/** The page: a valid ?id= inside the current project (the detail keyed by it), else not found. */
export function DevicePage({
  back,
  children,
}: {
  back: DeviceBack;
  children: (projectId: number, id: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <ProjectScoped>
      {(projectId) =>
        Number.isInteger(id) && id > 0 ? (
          <Fragment key={id}>{children(projectId, id)}</Fragment>
        ) : (
          <Result status="404" title={t(back.missing)} extra={<BackLink back={back} />} />
        )
      }
    </ProjectScoped>
  );
}

export interface DeviceRowOptions<T extends DeviceView> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  back: DeviceBack;
  /**
   * Only the family's own devices: another type is not shown (the page says it is not of this kind), and any
   * failure that left no row says not found (as the sensor and power-line gateway pages always did).
   */
  isDevice?: (device: T) => boolean;
}

/**
 * The device's row. `ok` once it is there (and of the family); `device` is the row to show; without one,
 * `fallback` is what the page shows instead (loading, not found, or load failed).
 */
export function useDeviceRow<T extends DeviceView>(options: DeviceRowOptions<T>) {
  const { t } = useTranslation();
  const { isDevice } = options;
  const query = useQuery({ queryKey: options.queryKey, queryFn: options.queryFn });
  const ok = query.isSuccess && (isDevice?.(query.data) ?? true);
  const device = ok && !query.isError ? query.data : undefined;
  let fallback: ReactNode = null;
  if (query.isLoading) fallback = <Spin style={{ margin: 48 }} />;
  else if (!device) {
    // Another family's device (its id opened on this family's page, issue 13): the page says so rather
    // than "load failed", whether the row came back of another type or the server refused it as such.
    const wrongFamily =
      (query.isSuccess && !ok) ||
      (isApiError(query.error) && query.error.status === 400 && query.error.message === t('errors.wrongFamily'));
    const missing =
      (isDevice !== undefined && !query.data) || (isApiError(query.error) && [400, 404].includes(query.error.status));
    fallback = (
      <Result
        status={wrongFamily ? 'warning' : missing ? '404' : 'error'}
        title={wrongFamily ? t('errors.wrongFamily') : missing ? t(options.back.missing) : t('common.loadFailed')}
        extra={<BackLink back={options.back} />}
      />
    );
  }
  return { query, ok, device, fallback };
}

/**
 * Follows the device (and further devices, its children) live once its row is there: its state pushes
 * patch its row, then every push goes to `onPush`.
 */
export function useFollowDevice(options: {
  id: number;
  ok: boolean;
  queryKey: QueryKey;
  watch?: readonly number[];
  onPush?: (push: RealtimePush) => void;
}) {
  const client = useQueryClient();
  const { id } = options;
  const resync = useResync();
  useRealtime(
    { devices: options.ok ? [id, ...(options.watch ?? [])] : [] },
    (push) => {
      if (push.kind === 'state' && push.deviceId === id)
        client.setQueryData<DeviceView>(options.queryKey, (d) => (d ? patchLiveRow(d, push) : d));
      options.onPush?.(push);
    },
    { onLive: resync(options.queryKey) },
  );
}

/** The device's row (useDeviceRow), followed live (useFollowDevice) with no further devices. */
export function useLiveDevice<T extends DeviceView>(
  options: DeviceRowOptions<T> & { id: number; onPush?: (push: RealtimePush) => void },
) {
  const row = useDeviceRow(options);
  useFollowDevice({ id: options.id, ok: row.ok, queryKey: options.queryKey, onPush: options.onPush });
  return row;
}

/** The project's device `id` from the registry (cached under `[...key, 'row']`), followed live (useLiveDevice). */
export function useRegistryDevice(options: {
  projectId: number;
  id: number;
  key: QueryKey;
  back: DeviceBack;
  onPush?: (push: RealtimePush) => void;
}) {
  const { projectId, id } = options;
  return useLiveDevice({
    id,
    queryKey: [...options.key, 'row'],
    queryFn: () => fetchDevice(projectId, id),
    back: options.back,
    onPush: options.onPush,
  });
}

/**
 * A registry device (useRegistryDevice) whose page keeps its latest report under `report.key`: each push
 * of the device is folded into that answer by `report.apply` as it comes, so the page is live without
 * reading again, and an event push rereads the events under `[...key, 'events']`. `onPush` sees every
 * push after that.
 */
export function useReportingDevice<R>(options: {
  projectId: number;
  id: number;
  key: QueryKey;
  back: DeviceBack;
  report: { key: QueryKey; apply: (data: R, push: RealtimePush) => R };
  onPush?: (push: RealtimePush) => void;
}) {
  const client = useQueryClient();
  const { id, key, report } = options;
  return useRegistryDevice({
    projectId: options.projectId,
    id,
    key,
    back: options.back,
    onPush: (push) => {
      if ('deviceId' in push && push.deviceId === id) {
        client.setQueryData<R>(report.key, (d) => (d ? report.apply(d, push) : d));
        if (push.kind === 'event') void client.invalidateQueries({ queryKey: [...key, 'events'] });
      }
      options.onPush?.(push);
    },
  });
}

/** One line of the device's properties. */
export interface DeviceProperty {
  key?: string;
  label: string;
  value: ReactNode;
}

/** A device's place as `lng, lat`, or nothing when it has none. */
export const locationText = (d: Pick<DeviceView, 'lng' | 'lat'>) =>
  d.lng !== null && d.lat !== null ? `${d.lng}, ${d.lat}` : '';

export type DeviceTab = NonNullable<TabsProps['items']>[number];

export interface DeviceShellProps {
  device: DeviceView;
  back: DeviceBack;
  /** The name's test id is `<testId>-name`. */
  testId: string;
  /** The state tags after the name, before the registration one (default: the active state). */
  tags?: ReactNode;
  /**
   * Registration for editors (given only to them): the button first among the actions (test id
   * `<testId>-register`), its confirmations `<texts>.confirm.register` and `.unregister` naming the device.
   */
  registration?: { texts: string; send: (registered: boolean) => Promise<RegistrationAnswer>; onChanged: () => void };
  /** Buttons and switches before the operation log link. */
  actions?: ReactNode;
  /** The operation log link's text (default the common one); false: no link. */
  operationLog?: string | false;
  properties: { title?: string; columns?: 3 | 4; items: DeviceProperty[] };
  /** The family's cards between the header and the tabs. */
  children?: ReactNode;
  tabs?: DeviceTab[];
}

/**
 * The tab open first shows its content once the top of the page is drawn: below the fold, and its
 * tables measure their columns as they mount, laying out the whole page in the commit that mounts it.
 * A tab opened later shows at once.
 */
const firstAfterPaint = (tabs: DeviceTab[]): DeviceTab[] =>
  tabs.map((tab, i) => (i === 0 ? { ...tab, children: <AfterPaint>{tab.children}</AfterPaint> } : tab));

/** The header card, the family's cards, the tabs. */
export function DeviceShell(props: DeviceShellProps) {
  const { t } = useTranslation();
  const { device: d, properties } = props;
  const operationLog = props.operationLog ?? t('gateways.operationLog');
  const { registration } = props;
  const links = operationLog !== false || props.actions || registration;
  return (
    <Flex vertical gap={12}>
      <Card
        title={
          <Space size={12} wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid={`${props.testId}-name`}>
              {d.name}
            </Typography.Title>
            {props.tags ?? <ActiveStateTag state={d.activeState} />}
            <RegisteredTag registered={d.registered} />
            <LiveBadge />
          </Space>
        }
        extra={
          links ? (
            <Space wrap>
              {registration && (
                <DeviceRegisterButton
                  device={d}
                  send={registration.send}
                  confirmText={(registering) =>
                    t(`${registration.texts}.confirm.${registering ? 'register' : 'unregister'}`, { name: d.name })
                  }
                  testId={`${props.testId}-register`}
                  onChanged={registration.onChanged}
                />
              )}
              {props.actions}
              <MaintenanceHistoryLink deviceId={d.id} />
              {operationLog !== false && (
                <Link to="/man/operatehistory">
                  <Button icon={<HistoryOutlined />}>{operationLog}</Button>
                </Link>
              )}
              <BackLink back={props.back} />
            </Space>
          ) : (
            <BackLink back={props.back} />
          )
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: properties.columns ?? 3 }} title={properties.title}>
          {properties.items.map((p) => (
            <Descriptions.Item key={p.key ?? p.label} label={p.label}>
              {p.value}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      {props.children}
      {props.tabs && (
        <Card size="small">
          <Tabs items={firstAfterPaint(props.tabs)} />
        </Card>
      )}
    </Flex>
  );
}

/**
 * Register or unregister the device after a confirmation that names it; says when the device is offline
 * and the change waits for it.
 */
export function DeviceRegisterButton(props: {
  device: DeviceView;
  send: (registered: boolean) => Promise<RegistrationAnswer>;
  /** The confirmation's text for registering (true) or unregistering (false). */
  confirmText: (registering: boolean) => string;
  testId: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { confirm, message } = useFeedback();
  const { device: d } = props;
  const registration = useMutation({
    mutationFn: props.send,
    onSuccess: (answer, registered) => {
      message.success(t(registered ? 'gateways.registerDone' : 'gateways.unregisterDone', { name: d.name }));
      if (!answer.delivered) message.info(t('gateways.notDelivered'));
      props.onChanged();
    },
  });
  const ask = () =>
    confirm({
      title: d.registered ? t('gateways.unregister') : t('gateways.register'),
      content: props.confirmText(!d.registered),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => registration.mutateAsync(!d.registered).catch(() => undefined),
    });
  return (
    <Button danger={d.registered} onClick={ask} data-testid={props.testId}>
      {d.registered ? t('gateways.unregister') : t('gateways.register')}
    </Button>
  );
}

/** The device's place on the map, saved from the picker. */
export function DeviceLocation(props: {
  initial: CoordinateValue;
  editable: boolean;
  save: (lng: number, lat: number) => Promise<unknown>;
  onSaved: () => void;
  /** Besides the client's own report of a failed call. */
  onError?: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [value, setValue] = useState<CoordinateValue>(props.initial);
  const save = useMutation({
    mutationFn: () => props.save(value.lng as number, value.lat as number),
    onSuccess: () => {
      message.success(t('common.saved'));
      props.onSaved();
    },
    onError: props.onError,
  });
  return (
    <Flex vertical gap={8}>
      <CoordinatePicker value={value} onChange={setValue} showError height={300} />
      {props.editable && (
        <Button
          type="primary"
          icon={<EnvironmentOutlined />}
          disabled={coordinateError(value) !== null}
          loading={save.isPending}
          onClick={() => save.mutate()}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('common.save')}
        </Button>
      )}
    </Flex>
  );
}

/** A policy a device runs, as its policies tab lists it. */
export interface DevicePolicyRow {
  id: number;
  name: string;
  no: string;
  inUse: boolean;
}

/** The policies tab: the family's buttons and hint above the policies the device runs. */
export function DevicePolicies<P extends DevicePolicyRow>(props: {
  actions: ReactNode;
  rows: P[] | undefined;
  loading: boolean;
  /** Column titles of name, no and in use, and the family's column of how the policy runs. */
  labels: { name: string; no: string; inUse: string };
  mode: { key: string; title: string; render: (policy: P) => ReactNode };
}) {
  const { t } = useTranslation();
  const { labels, mode } = props;
  return (
    <Flex vertical gap={8}>
      <Space>{props.actions}</Space>
      <Table<P>
        rowKey="id"
        size="small"
        loading={props.loading}
        dataSource={props.rows ?? []}
        pagination={false}
        columns={[
          { title: labels.name, dataIndex: 'name' },
          { title: labels.no, dataIndex: 'no' },
          { title: mode.title, key: mode.key, render: (_, p) => mode.render(p) },
          {
            title: labels.inUse,
            dataIndex: 'inUse',
            render: (v: boolean) => (v ? <Tag color="green">{t('common.yes')}</Tag> : t('common.no')),
          },
        ]}
      />
    </Flex>
  );
}
