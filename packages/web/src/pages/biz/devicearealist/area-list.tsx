import { type DeviceAreaView, deviceAreaBody } from '@sc/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Flex, Input, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { type CrudField, canModify, ResourceTable, type Schema, useAuthLevel } from '../../../components/crud';
import { LocationDialog, LocationLink } from '../../../components/location-dialog';
import { ProjectTreeSelect } from '../../man/projectlist/project-tree';

export type AreaRow = DeviceAreaView & { [key: string]: unknown };

export interface ScopeProps {
  /** `/api/biz` (all the caller's projects) or `/api/pjts/{projectId}` (one project, forced by the path). */
  apiBase: string;
  /** Set under /pjt: the project is the path's, so no project filter or field. */
  scoped?: boolean;
}

/** Optional longitude and latitude inputs (an edit must send them back, or the server clears them). */
export function coordinateFields(shape: { lng: Schema; lat: Schema }): CrudField[] {
  const input = <InputNumber style={{ width: '100%' }} step={0.0001} precision={7} />;
  return [
    { name: 'lng', rule: shape.lng, input },
    { name: 'lat', rule: shape.lat, input },
  ];
}

/** The project filter of the /biz area and group lists. */
export function ProjectFilter({
  value,
  onChange,
  label,
  placeholder,
}: {
  value?: number;
  onChange: (id?: number) => void;
  label: string;
  placeholder: string;
}) {
  return (
    <Flex gap={8} align="center">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <ProjectTreeSelect
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(id) => onChange(id ?? undefined)}
        style={{ width: 240 }}
      />
    </Flex>
  );
}

/** Device areas of /biz/devicearealist and /pjt/pjtdevicearealist: CRUD and location. */
export function AreaList({ apiBase, scoped = false }: ScopeProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const writable = canModify(useAuthLevel());
  const base = `${apiBase}/deviceareas.do`;
  const [projectId, setProjectId] = useState<number | undefined>();
  const [locating, setLocating] = useState<AreaRow | null>(null);

  const fields: CrudField[] = [
    { name: 'name', rule: deviceAreaBody.shape.name, required: true },
    { name: 'no', rule: deviceAreaBody.shape.no, required: true },
    ...(scoped
      ? []
      : [
          {
            name: 'projectId',
            rule: deviceAreaBody.shape.projectId,
            required: true,
            initialValue: projectId,
            input: <ProjectTreeSelect placeholder={t('areas.projectPlaceholder')} />,
          },
        ]),
    ...coordinateFields(deviceAreaBody.shape),
    {
      name: 'description',
      rule: deviceAreaBody.shape.description,
      input: <Input.TextArea rows={3} showCount maxLength={100} />,
    },
  ];

  const bodyOf = (row: AreaRow) => ({
    name: row.name,
    no: row.no,
    description: row.description,
    ...(scoped ? {} : { projectId: row.projectId }),
    lng: row.lng ?? undefined,
    lat: row.lat ?? undefined,
  });

  return (
    <Flex vertical gap={12}>
      {!scoped && (
        <Card size="small">
          <ProjectFilter
            value={projectId}
            onChange={setProjectId}
            label={t('areas.fields.projectId')}
            placeholder={t('areas.allProjects')}
          />
        </Card>
      )}
      <ResourceTable<AreaRow>
        resource="areas"
        base={base}
        fields={fields}
        query={scoped ? undefined : { projectId }}
        hiddenByDefault={['createdAt']}
        toForm={(row) => bodyOf(row)}
        deletable={(row) =>
          row.groupCount > 0 || row.deviceCount > 0
            ? t('areas.inUseHint', { groups: row.groupCount, devices: row.deviceCount })
            : true
        }
        columns={[
          { field: 'name', render: (v) => <span style={{ whiteSpace: 'nowrap' }}>{String(v)}</span> },
          {
            field: 'no',
            render: (v) => (
              <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
                {String(v)}
              </Typography.Text>
            ),
          },
          ...(scoped
            ? []
            : [
                {
                  field: 'projectName',
                  render: (v: unknown) => <span style={{ whiteSpace: 'nowrap' }}>{String(v)}</span>,
                },
              ]),
          {
            field: 'location',
            render: (_v, row) => (
              <LocationLink
                lng={row.lng}
                lat={row.lat}
                none={t('areas.noLocation')}
                label={t('areas.setLocation')}
                onClick={writable ? () => setLocating(row) : undefined}
              />
            ),
          },
          { field: 'groupCount', width: 80 },
          { field: 'deviceCount', width: 80 },
          { field: 'description', width: 160, ellipsis: true, render: (v) => (v ? String(v) : '—') },
          { field: 'createdAt', kind: { kind: 'time' } },
        ]}
      />
      {locating && (
        <LocationDialog
          title={t('areas.locationTitle', { name: locating.name })}
          initial={{ lng: locating.lng, lat: locating.lat }}
          onClose={() => setLocating(null)}
          onSave={async (location) => {
            // Areas have no location route: the whole record is put with the new coordinate.
            await api.put(`${base}/${locating.id}`, { ...bodyOf(locating), ...location }, { silent: true });
            message.success(t('areas.locationSaved'));
            setLocating(null);
            await queryClient.invalidateQueries({ queryKey: ['crud', base] });
          }}
        />
      )}
    </Flex>
  );
}
