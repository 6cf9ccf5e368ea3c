import { scdConfigBody } from '@sc/contract/families/scd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, InputNumber, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../components/crud';
import { DeviceConfigCard } from '../../components/device';
import { useLang } from '../../i18n/i18n';
import { type ClientDeviceProps, clientDevicePage, type FamilyShellParts } from '../kit/family-device-page';
import { FILL_COLORS, LIST_PAGE, SCD_COMMANDS, type ScdConfig, type ScdLatest, scdApi, useScdReadings } from './api';
import { PeriodEvents, RecentEvents } from './scd-events';

const THRESHOLDS = ['fullThreshold', 'overfillThreshold', 'freeDistance'] as const;
type ScdCommand = (typeof SCD_COMMANDS)[number]['name'];

/** /pjt/pjtdevicescd?id= (spec 001 §2): one bin's latest values, thresholds, last 24 hours and events by period. */
export default clientDevicePage(
  {
    ns: 'scd',
    list: LIST_PAGE,
    client: scdApi,
    latest: (scd) => scd.latest,
    events: (scd, id) => [scd.recentEvents.key({ id }), scd.events.key({ id })],
  },
  useScdShell,
);

function useScdShell({ projectId, id, api: scd, device: d, latest }: ClientDeviceProps<typeof scdApi, ScdLatest>) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const config = useQuery({ queryKey: scd.config.key({ id }), queryFn: () => scd.config({ id }) });
  const readings = useScdReadings();

  const report = latest.data?.at ? { ...latest.data.values, at: latest.data.at } : undefined;
  const state = latest.data?.fillState;

  return {
    properties: [
      'no',
      'equipmentId',
      'lastActiveAt',
      { label: t('families.smartclassifieddustbin.scdId'), value: String(d.props?.scdId ?? '') },
      ...THRESHOLDS.map((k) => ({ label: t(`scd.fields.${k}`), value: config.data?.[k] ?? '' })),
      'modelName',
      'areaName',
      'groupName',
      'location',
      'description',
    ],
    latest: {
      reading: report,
      readings,
      atLabel: t('scd.fields.reportedAt'),
      extra: state ? (
        <Tag color={FILL_COLORS[state]} data-fill-state={state}>
          {t(`scd.fillStates.${state}`)}
        </Tag>
      ) : null,
    },
    commands: {
      names: SCD_COMMANDS.map((c) => c.name),
      send: async (c) => {
        const answer = await scd[c as ScdCommand]({ id }, { silent: true });
        // The bin's values come back as a report too: the panel above reloads, nothing raw below.
        void client.invalidateQueries({ queryKey: scd.latest.key({ id }) });
        return { ...answer, result: null };
      },
    },
    side: <ThresholdsCard projectId={projectId} id={id} config={config.data} />,
    children: (
      <>
        <RecentEvents projectId={projectId} id={id} />
        <PeriodEvents projectId={projectId} id={id} />
      </>
    ),
  } satisfies FamilyShellParts;
}

type ThresholdValues = { fullThreshold: number; overfillThreshold: number; freeDistance: number };

/**
 * The thresholds (spec 001 §5 "full threshold less than over-fill threshold"), checked with the
 * contract's rule before sending, saved and sent to a connected bin.
 */
function ThresholdsCard({ projectId, id, config }: { projectId: number; id: number; config: ScdConfig | undefined }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const lang = useLang();
  const scd = scdApi(projectId);
  return (
    <DeviceConfigCard
      ns="scd"
      hint={t('scd.configHint')}
      initialValues={config && Object.fromEntries(THRESHOLDS.map((k) => [k, config[k] ?? undefined]))}
      save={(values: ThresholdValues) => scd.saveConfig({ id, body: values }, { silent: true })}
      onSaved={(answer) => {
        client.setQueryData<ScdConfig>(scd.config.key({ id }), answer);
        void client.invalidateQueries({ queryKey: scd.page.key() });
        void client.invalidateQueries({ queryKey: scd.latest.key({ id }) });
      }}
      // Either threshold moving can break or mend the rule reported on the full threshold.
      onValuesChange={(changed, form) => {
        if ('overfillThreshold' in changed && form.isFieldTouched('fullThreshold'))
          void form.validateFields(['fullThreshold']);
      }}
    >
      {THRESHOLDS.map((k) => (
        <Form.Item
          key={k}
          name={k}
          label={t(`scd.fields.${k}`)}
          rules={[zodFieldRule(scdConfigBody, k, lang, { label: t(`scd.fields.${k}`) })]}
        >
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
      ))}
    </DeviceConfigCard>
  );
}
