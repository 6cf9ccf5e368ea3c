import { EnvironmentOutlined } from '@ant-design/icons';
import { nscGroupBody } from '@sc/contract/families/nsc';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Select, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudField, NamesTip, ResourceTable } from '../../components/crud';
import { projectScreen } from '../../components/project-scoped';
import { type NscGroup, type NscSpeakerOption, nscApi } from './api';

type GroupRow = NscGroup & { [key: string]: unknown };

const SpeakersMap = lazy(() => import('./speakers-map'));

/** A group's members: picked from the list, or on the map (a click, or an area drawn). */
function SpeakerPicker({
  speakers,
  value = [],
  onChange,
}: {
  speakers: NscSpeakerOption[] | undefined;
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const [onMap, setOnMap] = useState(false);
  return (
    <Flex vertical gap={8}>
      <Flex gap={8}>
        <Select<number[]>
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          showSearch={{ optionFilterProp: 'label' }}
          loading={!speakers}
          placeholder={t('nsc.groups.devicesPlaceholder')}
          options={(speakers ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.no})` }))}
          value={value}
          onChange={onChange}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="nsc-group-devices"
        />
        <Button icon={<EnvironmentOutlined />} onClick={() => setOnMap(!onMap)} data-testid="nsc-group-on-map">
          {onMap ? t('nsc.groups.hideMap') : t('nsc.groups.onMap')}
        </Button>
      </Flex>
      {onMap && speakers && (
        <Suspense fallback={<div style={{ height: 300 }} />}>
          <SpeakersMap speakers={speakers} value={value} onChange={(ids) => onChange?.(ids)} />
        </Suspense>
      )}
    </Flex>
  );
}

/** /pjt/pjtdevicenscgroup (spec 001 §2): the project's terminal groups, members picked from its speakers. */
export default projectScreen(NscGroups);

function NscGroups({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const nsc = nscApi(projectId);
  const speakers = useQuery({ queryKey: ['nsc', projectId, 'speakers'], queryFn: () => nsc.groupOptions({}) });
  const shape = nscGroupBody.shape;

  const fields: CrudField[] = [
    { name: 'name', rule: shape.name, required: true },
    { name: 'no', rule: shape.no, required: true },
    {
      name: 'deviceIds',
      rule: shape.deviceIds,
      required: true,
      initialValue: [],
      input: <SpeakerPicker speakers={speakers.data} />,
    },
    { name: 'description', rule: shape.description, input: <Input.TextArea rows={3} showCount maxLength={100} /> },
  ];

  return (
    <Card title={t('menu.pjtdevicenscgroup')}>
      <ResourceTable<GroupRow>
        resource="nsc.groups"
        base={nsc.groupsBase}
        fields={fields}
        toForm={(row) => ({
          name: row.name,
          no: row.no,
          deviceIds: row.speakers.map((s) => s.id),
          description: row.description,
        })}
        columns={[
          { field: 'name', ellipsis: true },
          { field: 'no', ellipsis: true },
          {
            field: 'deviceIds',
            render: (_v, row) => {
              const online = row.speakers.filter((s) => s.activeState === 1).length;
              return (
                <NamesTip names={row.speakers.map((s) => s.name)} testId="nsc-group-speakers">
                  {t('nsc.groups.count', { count: row.speakers.length })}{' '}
                  <Typography.Text type="secondary">
                    ({t('nsc.groups.online', { online, count: row.speakers.length })})
                  </Typography.Text>
                </NamesTip>
              );
            },
          },
          { field: 'description', ellipsis: true },
          { field: 'createdAt', kind: { kind: 'time' } },
        ]}
      />
    </Card>
  );
}
