import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { PolicyCycle } from '@sc/contract';
import { Button, Space, Typography } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canModify, useAuthLevel } from '../crud';
import { ProjectScoped } from '../project-scoped';
import { OwnProjectNote } from '../project-switcher';
import { clockOf, type YearDay } from './schedule';

/**
 * What a family's policy list screen shares: policies are made in one project (with the child-projects
 * switch on, the page says these are its own), their cycle in words, the row's actions, and the year
 * of a preview as the chart takes it.
 */
export function PolicyScreen({ children }: { children: (projectId: number) => ReactNode }) {
  return (
    <ProjectScoped>
      {(projectId) => (
        <>
          <OwnProjectNote what="policies" />
          {children(projectId)}
        </>
      )}
    </ProjectScoped>
  );
}

/** A family's policy list screen (PolicyScreen) around its list, given the project and whether the user may change it. */
export function policyPage(PolicyList: ComponentType<{ projectId: number; editable: boolean }>) {
  return function FamilyPolicyPage() {
    const editable = canModify(useAuthLevel());
    return <PolicyScreen>{(projectId) => <PolicyList projectId={projectId} editable={editable} />}</PolicyScreen>;
  };
}

/** A start's offset in minutes as it is written after the sun's event: " +15 分钟", " -10 min", nothing for 0. */
export const offsetText = (offset: number | null | undefined, minutes: string) =>
  offset ? ` ${offset > 0 ? '+' : ''}${offset} ${minutes}` : '';

/** A policy's cycle: its mode, and below it the date or the effective dates. */
export function CycleText({ cycle }: { cycle: Pick<PolicyCycle, 'mode' | 'date' | 'from' | 'to'> }) {
  const { t } = useTranslation();
  const dates =
    cycle.mode === 'once'
      ? cycle.date
      : [cycle.from, cycle.to].some(Boolean)
        ? `${cycle.from ?? '…'} ~ ${cycle.to ?? '…'}`
        : '';
  return (
    <span>
      {t(`schedule.cycleModes.${cycle.mode}`)}
      {dates ? (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {dates}
        </Typography.Text>
      ) : null}
    </span>
  );
}

/**
 * A policy row's actions: preview for every reader; edit, use, remove, the family's own (`extra`) and
 * delete for those who may change it. `texts` is the family's policy namespace (preview, use, remove).
 */
export function PolicyActions(props: {
  id: number;
  editable: boolean;
  texts: { preview: string; use: string; remove: string };
  onPreview: () => void;
  onEdit: () => void;
  onUse: () => void;
  onRemove: () => void;
  onDelete: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space size={0} wrap>
      <Button
        size="small"
        type="link"
        icon={<EyeOutlined />}
        onClick={props.onPreview}
        data-testid={`policy-preview-${props.id}`}
      >
        {props.texts.preview}
      </Button>
      {props.editable && (
        <>
          <Button
            size="small"
            type="link"
            icon={<EditOutlined />}
            onClick={props.onEdit}
            data-testid={`policy-edit-${props.id}`}
          >
            {t('common.edit')}
          </Button>
          <Button size="small" type="link" onClick={props.onUse} data-testid={`policy-use-${props.id}`}>
            {props.texts.use}
          </Button>
          <Button size="small" type="link" onClick={props.onRemove}>
            {props.texts.remove}
          </Button>
          {props.extra}
          <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={props.onDelete}>
            {t('common.delete')}
          </Button>
        </>
      )}
    </Space>
  );
}

/** A preview's year (minutes of the first on and off each date) as the year chart takes it. */
export function yearPoints(year: { days: readonly { date: string; on: number | null; off: number | null }[] } | null) {
  return (year?.days ?? []).map(
    (d): YearDay => ({
      date: d.date,
      on: d.on === null ? null : clockOf(d.on),
      off: d.off === null ? null : clockOf(d.off),
    }),
  );
}
