import { Card, Flex, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVE_STATE_VALUES, ProjectTreeSelect, useDeviceTypes, useTypeLabel } from '../../biz/devicelist/lookups';
import type { MapFilters } from './cluster-query';
import { DeviceMap } from './device-map';

/** Filters of the device map: project, type and state. */
export function MapFilterBar({
  filters,
  onChange,
  showProject = true,
  rootProjectId,
}: {
  filters: MapFilters;
  onChange: (next: MapFilters) => void;
  showProject?: boolean;
  rootProjectId?: number;
}) {
  const { t } = useTranslation();
  const types = useDeviceTypes();
  const typeLabel = useTypeLabel();
  return (
    <Space wrap>
      {showProject && (
        <Space size={4}>
          <Typography.Text type="secondary">{t('mapview.filters.project')}</Typography.Text>
          <ProjectTreeSelect
            aria-label={t('mapview.filters.project')}
            rootId={rootProjectId}
            placeholder={t('mapview.filters.all')}
            style={{ width: 200 }}
            value={filters.projectId}
            onChange={(projectId) => onChange({ ...filters, projectId: projectId ?? undefined })}
          />
        </Space>
      )}
      <Space size={4}>
        <Typography.Text type="secondary">{t('mapview.filters.type')}</Typography.Text>
        <Select
          aria-label={t('mapview.filters.type')}
          allowClear
          placeholder={t('mapview.filters.all')}
          style={{ width: 180 }}
          value={filters.type}
          loading={types.isLoading}
          options={(types.data ?? []).map((ty) => ({ value: ty.no, label: typeLabel(ty.no, ty.name) }))}
          onChange={(type) => onChange({ ...filters, type: type ?? undefined })}
        />
      </Space>
      <Space size={4}>
        <Typography.Text type="secondary">{t('mapview.filters.activeState')}</Typography.Text>
        <Select
          aria-label={t('mapview.filters.activeState')}
          allowClear
          placeholder={t('mapview.filters.all')}
          style={{ width: 120 }}
          value={filters.activeState}
          options={ACTIVE_STATE_VALUES.map((v) => ({ value: v, label: t(`enums.active_${v}`) }))}
          onChange={(activeState) => onChange({ ...filters, activeState: activeState ?? undefined })}
        />
      </Space>
    </Space>
  );
}

/** /map/bizindex: every device the user may see on a full-height map, clustered by the server. */
export default function MapPage() {
  const [filters, setFilters] = useState<MapFilters>({});
  return (
    <Flex vertical gap={12} style={{ height: 'calc(100vh - 150px)', minHeight: 480 }} data-testid="map-page">
      <Card size="small">
        <MapFilterBar filters={filters} onChange={setFilters} />
      </Card>
      <div style={{ flex: 1, minHeight: 0 }}>
        <DeviceMap filters={filters} />
      </div>
    </Flex>
  );
}
