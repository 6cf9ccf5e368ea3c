import type { DeviceView } from '@sc/contract';
import { WHM_PERIPHERAL_INDEX, WHM_PICK_INTERVAL } from '@sc/contract/families/whm';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, InputNumber, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { useAskFirst } from '../../components/ask-first';
import { DeviceConfigCard, type DeviceField, EventsCard, type ReadingPoint } from '../../components/device';
import { type ClientDeviceProps, clientDevicePage, type FamilyShellParts } from '../kit/family-device-page';
import { LIST_PAGE, useWhmReadings, WHM_COMMANDS, type WhmConfig, whmApi } from './api';
import { WhmHistory } from './whm-history';

/** The meter's words for the row's fields named otherwise. */
const FIELD_WORDS: Partial<Record<DeviceField, string>> = { modelName: 'model', areaName: 'area', groupName: 'group' };

/** Where the meter's latest reading is kept (its command answers patch it too). */
const latestKey = (whm: ReturnType<typeof whmApi>, id: number) => [...whm.readings.key({ id }), 'latest'];

/** /pjt/pjtdevicewhm?id= (spec 001 §2): one meter's state, real-time data, config, in-use flag, events and history. */
export default clientDevicePage(
  {
    ns: 'whm',
    list: LIST_PAGE,
    client: whmApi,
    // The latest reading: the newest of the last week, then live from telemetry pushes.
    latest: (whm, id) => ({
      queryKey: latestKey(whm, id),
      queryFn: async (): Promise<ReadingPoint | null> => {
        const from = new Date(Date.now() - 7 * 86_400_000).toISOString();
        const answer = await whm.readings({ id, query: { from, to: new Date().toISOString(), page: 1, pageSize: 25 } });
        return answer.list[0] ?? null;
      },
      fromPush: (values, at): ReadingPoint | null => ({ ...values, at }),
    }),
    events: (whm, id) => [whm.events.key({ id })],
  },
  useWhmShell,
);

function useWhmShell(props: ClientDeviceProps<typeof whmApi, ReadingPoint | null>) {
  const { projectId, id, editable, api: whm, device: d, latest } = props;
  const { t } = useTranslation();
  const client = useQueryClient();
  const config = useQuery({ queryKey: whm.config.key({ id }), queryFn: () => whm.config({ id }) });
  const readings = useWhmReadings();

  const inUse = d.props?.inUse !== false;

  return {
    actions: <InUseSwitch projectId={projectId} device={d} inUse={inUse} editable={editable} />,
    fieldLabel: (f) => t(`whm.fields.${FIELD_WORDS[f] ?? f}`),
    properties: [
      'no',
      'equipmentId',
      'lastActiveAt',
      'parentName',
      { label: t('whm.fields.peripheralIndex'), value: config.data?.peripheralIndex ?? '' },
      { label: t('whm.fields.pickInterval'), value: config.data?.pickInterval ?? '' },
      'modelName',
      'areaName',
      'groupName',
      'location',
      'description',
    ],
    latest: { reading: latest.data ?? undefined, readings, atLabel: t('whm.fields.pickedAt') },
    commands: {
      names: WHM_COMMANDS.map((c) => c.name),
      send: async (c) => {
        const answer = await whm.send(id, c as (typeof WHM_COMMANDS)[number]['name']);
        // The meter's values go to the panel above (and the telemetry it sends): not shown raw.
        const values = (answer.result as { values?: Record<string, unknown> } | null)?.values;
        if (values)
          client.setQueryData<ReadingPoint | null>(latestKey(whm, id), () => ({
            ...values,
            at: new Date().toISOString(),
          }));
        return { ...answer, result: null };
      },
    },
    side: <ConfigCard projectId={projectId} id={id} config={config.data} />,
    children: (
      <>
        <WhmHistory projectId={projectId} id={id} />
        <EventsCard
          title={t('whm.eventsTitle')}
          load={{ key: (query) => whm.events.key({ id, query }), fn: (query) => whm.events({ id, query }) }}
        />
      </>
    ),
  } satisfies FamilyShellParts;
}

/** The in-use flag (spec 001 §7 "whm: inuse"): taking a meter out of use asks first. */
function InUseSwitch(props: { projectId: number; device: DeviceView; inUse: boolean; editable: boolean }) {
  const { projectId, device, inUse, editable } = props;
  const { t } = useTranslation();
  const client = useQueryClient();
  const { message } = useFeedback();
  const askFirst = useAskFirst();
  const set = useMutation({
    mutationFn: (next: boolean) => whmApi(projectId).setInUse({ id: device.id, body: { inUse: next } }),
    onSuccess: (answer) => {
      client.setQueryData<DeviceView>(whmApi(projectId).one.key(device.id), (d) =>
        d ? { ...d, props: { ...d.props, inUse: answer.inUse } } : d,
      );
      void client.invalidateQueries({ queryKey: whmApi(projectId).page.key() });
      message.success(t(answer.inUse ? 'whm.inUseOn' : 'whm.inUseOff', { name: device.name }));
    },
  });
  const change = (next: boolean) => {
    if (next) return set.mutate(true);
    askFirst({
      title: t('whm.inUseNo'),
      content: t('whm.inUseConfirmOff', { name: device.name }),
      danger: true,
      onOk: () => set.mutate(false),
    });
  };
  return (
    <Space size={6}>
      <Typography.Text>{t('whm.fields.inUse')}</Typography.Text>
      <Switch
        data-testid="whm-inuse"
        aria-label={t('whm.fields.inUse')}
        checked={inUse}
        loading={set.isPending}
        disabled={!editable}
        onChange={change}
      />
    </Space>
  );
}

type WhmConfigValues = { peripheralIndex: number; pickInterval: number };

/** Peripheral index and pick interval, saved and sent to a connected meter (spec 001 §7 "whm: config"). */
function ConfigCard({ projectId, id, config }: { projectId: number; id: number; config: WhmConfig | undefined }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const whm = whmApi(projectId);
  const range = (r: { min: number; max: number }) => ({ type: 'number' as const, min: r.min, max: r.max });
  const rangeMessage = (r: { min: number; max: number }) => t('validation.range', { min: r.min, max: r.max });
  return (
    <DeviceConfigCard
      ns="whm"
      initialValues={
        config && { peripheralIndex: config.peripheralIndex ?? undefined, pickInterval: config.pickInterval }
      }
      save={(values: WhmConfigValues) => whm.saveConfig({ id, body: values }, { silent: true })}
      onSaved={(answer) => {
        client.setQueryData<WhmConfig>(whm.config.key({ id }), answer);
        void client.invalidateQueries({ queryKey: whm.page.key() });
      }}
    >
      <Form.Item
        name="peripheralIndex"
        label={t('whm.fields.peripheralIndex')}
        rules={[
          { required: true, message: t('validation.required') },
          { ...range(WHM_PERIPHERAL_INDEX), message: rangeMessage(WHM_PERIPHERAL_INDEX) },
        ]}
      >
        <InputNumber precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="pickInterval"
        label={t('whm.fields.pickInterval')}
        rules={[
          { required: true, message: t('validation.required') },
          { ...range(WHM_PICK_INTERVAL), message: rangeMessage(WHM_PICK_INTERVAL) },
        ]}
      >
        <InputNumber precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </DeviceConfigCard>
  );
}
