import { NSC_VOD_API, NSC_VOD_LIMITS, type NscVod, nscVodBody } from '@sc/contract/families/nsc';
import { useQuery } from '@tanstack/react-query';
import { InputNumber, Select, Slider, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fillPath } from '../../../api/endpoints';
import { type CrudField, ResourceTable } from '../../../components/crud';
import { nscApi } from '../api';
import { clock, OrderedMedia } from '../media-page';
import { VodActions } from './vod-actions';
import { VOD_STATE_COLORS, VodSpeakers } from './vod-queue-tab';

type VodRow = NscVod & { [key: string]: unknown };

/**
 * The control center's VOD tasks (spec 001 §3 "on-demand task (devices, files, volume, repeat)"): made,
 * changed while ready or finished, deleted unless playing, and played from here or the queue.
 */
export function VodTasksTab({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const nsc = nscApi(projectId);
  const speakers = useQuery({ queryKey: nsc.groupOptions.key({}), queryFn: () => nsc.groupOptions({}) });
  const groupQuery = { pageSize: 100 };
  const groups = useQuery({
    queryKey: nsc.groups.key({ query: groupQuery }),
    queryFn: () => nsc.groups({ query: groupQuery }),
  });
  const media = useQuery({ queryKey: nsc.mediaOptions.key({}), queryFn: () => nsc.mediaOptions({}) });
  const shape = nscVodBody.shape;
  const { volume, repeat } = NSC_VOD_LIMITS;
  const many = (placeholder: string, options: { value: number; label: string }[] | undefined) => (
    <Select<number[]>
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      loading={!options}
      placeholder={placeholder}
      options={options ?? []}
      style={{ width: '100%' }}
    />
  );

  const fields: CrudField[] = [
    { name: 'name', rule: shape.name, required: true },
    {
      name: 'deviceIds',
      rule: shape.deviceIds,
      initialValue: [],
      input: many(
        t('nsc.live.speakersPlaceholder'),
        speakers.data?.map((s) => ({ value: s.id, label: `${s.name} (${s.no})` })),
      ),
    },
    {
      name: 'groupIds',
      rule: shape.groupIds,
      initialValue: [],
      input: many(
        t('nsc.live.groupsPlaceholder'),
        groups.data?.list.map((g) => ({ value: g.id, label: g.name })),
      ),
    },
    {
      name: 'mediaIds',
      rule: shape.mediaIds,
      required: true,
      initialValue: [],
      input: <OrderedMedia media={media.data} />,
    },
    {
      name: 'volume',
      rule: shape.volume,
      required: true,
      initialValue: 60,
      input: <Slider ariaLabelForHandle={t('nsc.vod.fields.volume')} min={volume.min} max={volume.max} />,
    },
    {
      name: 'repeat',
      rule: shape.repeat,
      required: true,
      initialValue: 1,
      input: <InputNumber min={repeat.min} max={repeat.max} precision={0} />,
    },
  ];

  return (
    <ResourceTable<VodRow>
      resource="nsc.vod"
      base={fillPath(NSC_VOD_API.createVod.path, { projectId })}
      fields={fields}
      toForm={(row) => ({
        name: row.name,
        deviceIds: row.deviceIds,
        groupIds: row.groupIds,
        mediaIds: row.mediaIds,
        volume: row.volume,
        repeat: row.repeat,
      })}
      deletable={(row) => (row.state === 'playing' || row.state === 'paused' ? t('nsc.vodRules.busy') : true)}
      rowActions={editable ? (row) => <VodActions row={row} projectId={projectId} /> : undefined}
      columns={[
        { field: 'name', ellipsis: true },
        {
          field: 'mediaIds',
          ellipsis: true,
          render: (_v, row) => row.media.map((m) => m.name).join(' → '),
        },
        {
          field: 'speakers',
          render: (_v, row) => (
            <>
              <VodSpeakers row={row} />
              {row.groups.length > 0 && (
                <div>
                  <Typography.Text type="secondary">{row.groups.map((g) => g.name).join(', ')}</Typography.Text>
                </div>
              )}
            </>
          ),
        },
        { field: 'volume', align: 'right' },
        {
          field: 'repeat',
          render: (_v, row) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              {t('nsc.vod.repeatTimes', { count: row.repeat })}{' '}
              <Typography.Text type="secondary">{clock(row.durationSeconds)}</Typography.Text>
            </span>
          ),
        },
        {
          field: 'state',
          render: (_v, row) => <Tag color={VOD_STATE_COLORS[row.state]}>{t(`nsc.vod.states.${row.state}`)}</Tag>,
        },
        { field: 'createdBy', ellipsis: true },
        { field: 'createdAt', kind: { kind: 'time' } },
      ]}
      hiddenByDefault={['createdBy']}
    />
  );
}
