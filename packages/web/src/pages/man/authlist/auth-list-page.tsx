import { CrownOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import {
  AUTH_LEVELS,
  type AuthLevel,
  functionByKey,
  type MenuNode,
  type PermissionView,
  type RoleView,
} from '@sc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Tree,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { isApiError } from '../../../api/errors';
import { canModify, useAuthLevel } from '../../../components/crud';
import { useLang } from '../../../i18n/i18n';
import { GLOBAL_ADMIN, groupRolesByProject, useRoleOptions } from '../projectlist/project-tree';

/** A table row: a menu group (with its functions as children) or one function. */
interface GroupRow {
  key: string;
  kind: 'group';
  name: string;
  children: FunctionRow[];
}
interface FunctionRow extends PermissionView {
  kind: 'function';
}
type TableRow = GroupRow | FunctionRow;

/**
 * Rows grouped by top-level menu group, in the server's order: only functions the console has built
 * (an unbuilt one keeps its level when saving, but is not offered).
 */
export function groupPermissions(list: PermissionView[]): GroupRow[] {
  const groups = new Map<string, GroupRow>();
  for (const p of list) {
    if (!functionByKey(p.key)?.ready) continue;
    const group = groups.get(p.parent) ?? { key: `group:${p.parent}`, kind: 'group', name: p.parentName, children: [] };
    group.children.push({ ...p, kind: 'function' });
    groups.set(p.parent, group);
  }
  return [...groups.values()];
}

interface MenuTreeItem {
  key: string;
  title: string;
  children?: MenuTreeItem[];
}
const toMenuItems = (nodes: MenuNode[] = []): MenuTreeItem[] =>
  nodes.map((n) => ({ key: n.key, title: n.name, children: n.children?.length ? toMenuItems(n.children) : undefined }));

/** /man/authlist: one level (N/A, view, edit, check) per function for a role. */
export default function AuthListPage() {
  return <AuthList />;
}

/**
 * Levels of the roles under `apiBase` (the caller's subtree, or a project's: /pjt/pjtauthlist). Opens
 * on `openOn` when it is one of them (a viewer's own role), else on the first role that can be edited.
 */
export function AuthList({ apiBase = GLOBAL_ADMIN, openOn }: { apiBase?: string; openOn?: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const writable = canModify(useAuthLevel());
  const roles = useRoleOptions(undefined, apiBase);
  const [picked, setRoleId] = useState<number | undefined>();
  // Opens on a role, not on an empty page (issue 13).
  const roleId =
    picked ?? (roles.data?.find((r) => r.id === openOn) ?? roles.data?.find((r) => !r.admin) ?? roles.data?.[0])?.id;
  const role: RoleView | undefined = roles.data?.find((r) => r.id === roleId);
  const permissionsKey = ['admin', 'permissions', apiBase, roleId, lang];

  const permissions = useQuery({
    queryKey: permissionsKey,
    queryFn: () => api.get<PermissionView[]>(`${apiBase}/roles/${roleId}/permissions.do`),
    enabled: roleId !== undefined,
  });
  const menus = useQuery({
    queryKey: ['admin', 'rolemenus', apiBase, roleId, lang],
    queryFn: () => api.get<MenuNode[]>(`${apiBase}/roles/${roleId}/menus.do`),
    enabled: roleId !== undefined,
  });

  // Levels being edited, by function key; reset whenever the server's list changes.
  const [levels, setLevels] = useState<Record<string, AuthLevel>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    setLevels(Object.fromEntries((permissions.data ?? []).map((p) => [p.key, p.level])));
    setFailure(null);
  }, [permissions.data]);

  const groups = useMemo(() => groupPermissions(permissions.data ?? []), [permissions.data]);
  const locked = !writable || Boolean(role?.admin);
  const dirty = (permissions.data ?? []).some((p) => levels[p.key] !== undefined && levels[p.key] !== p.level);
  /** Why a function cannot be granted to this role: a platform-wide function, or a module its project lacks. */
  const unavailableReason = (row: PermissionView) =>
    row.globalOnly ? t('permissions.globalOnly') : t('permissions.unavailable', { module: t(`modules.${row.module}`) });
  const levelOptions = AUTH_LEVELS.map((level) => ({ value: level, label: t(`enums.level_${level}`) }));

  const setGroup = (group: GroupRow, level: AuthLevel) =>
    setLevels((current) => {
      const next = { ...current };
      for (const row of group.children) if (row.available) next[row.key] = level;
      return next;
    });

  const save = async () => {
    if (roleId === undefined || !permissions.data) return;
    setSaving(true);
    setFailure(null);
    try {
      const body = permissions.data.map((p) => ({ key: p.key, level: levels[p.key] ?? p.level }));
      const answer = await api.post<PermissionView[]>(
        `${apiBase}/roles/${roleId}/permissions.do`,
        { permissions: JSON.stringify(body) },
        { silent: true },
      );
      queryClient.setQueryData(permissionsKey, answer);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'rolemenus', apiBase, roleId] });
      message.success(t('permissions.saved'));
    } catch (error) {
      const text = isApiError(error)
        ? [error.body?.message, ...error.fieldErrors.map((e) => e.message)].filter(Boolean).join('；') || error.message
        : String(error);
      setFailure(text);
      message.error(text);
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<TableRow> = [
    {
      key: 'name',
      title: t('permissions.fields.name'),
      render: (_v, row) =>
        row.kind === 'group' ? (
          <Space>
            <Typography.Text strong>{row.name}</Typography.Text>
            <Typography.Text type="secondary">
              {t('permissions.functions', { count: row.children.length })}
            </Typography.Text>
          </Space>
        ) : (
          <Typography.Text type={row.available ? undefined : 'secondary'}>{row.name}</Typography.Text>
        ),
    },
    {
      key: 'module',
      title: t('permissions.fields.module'),
      width: 160,
      render: (_v, row) =>
        row.kind === 'function' ? (
          <Tooltip title={row.available ? undefined : unavailableReason(row)}>
            <Tag color={row.available ? 'blue' : 'default'}>{t(`modules.${row.module}`)}</Tag>
          </Tooltip>
        ) : null,
    },
    {
      key: 'level',
      title: t('permissions.fields.level'),
      width: 360,
      render: (_v, row) => {
        if (row.kind === 'group') {
          const available = row.children.filter((c) => c.available);
          const values = new Set(available.map((c) => levels[c.key]));
          return (
            <Space size={4}>
              <Typography.Text type="secondary">{t('permissions.setGroup')}</Typography.Text>
              <Radio.Group
                size="small"
                optionType="button"
                aria-label={`${t('permissions.setGroup')} ${row.name}`}
                options={levelOptions}
                disabled={locked || available.length === 0}
                value={values.size === 1 ? [...values][0] : undefined}
                onChange={(event) => setGroup(row, event.target.value as AuthLevel)}
              />
            </Space>
          );
        }
        const group = (
          <Radio.Group
            aria-label={row.name}
            data-testid={`level-${row.key}`}
            options={levelOptions}
            disabled={locked || !row.available}
            value={levels[row.key] ?? row.level}
            onChange={(event) => setLevels((current) => ({ ...current, [row.key]: event.target.value as AuthLevel }))}
          />
        );
        return row.available ? (
          group
        ) : (
          <Tooltip title={unavailableReason(row)}>
            <span>{group}</span>
          </Tooltip>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="auth-list-page">
      <Card size="small">
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Space wrap>
            <Typography.Text>{t('permissions.role')}</Typography.Text>
            <Select<number>
              aria-label={t('permissions.role')}
              data-testid="auth-role-select"
              // On a phone it leaves room for its label (and the menu's padding) instead of widening the page.
              style={{ width: 'min(320px, calc(100vw - 140px))' }}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('permissions.rolePlaceholder')}
              loading={roles.isLoading}
              options={groupRolesByProject(roles.data)}
              value={roleId}
              onChange={setRoleId}
            />
            {role?.admin && (
              <Tag color="orange" icon={<CrownOutlined />}>
                {t('roles.adminTag')}
              </Tag>
            )}
          </Space>
          {writable && (
            <Space>
              {dirty && <Badge status="warning" text={t('permissions.unsaved')} />}
              <Button
                icon={<UndoOutlined />}
                disabled={!dirty || saving}
                onClick={() => setLevels(Object.fromEntries((permissions.data ?? []).map((p) => [p.key, p.level])))}
              >
                {t('permissions.reset')}
              </Button>
              <Button
                type="primary"
                icon={<SaveOutlined />}
                loading={saving}
                disabled={roleId === undefined || locked || !permissions.data}
                onClick={save}
              >
                {t('common.save')}
              </Button>
            </Space>
          )}
        </Flex>
      </Card>
      {roleId === undefined ? (
        <Card>
          <Empty description={t('permissions.pickRole')} />
        </Card>
      ) : (
        <Row gutter={[12, 12]}>
          <Col xs={24} xl={18}>
            <Flex vertical gap={12}>
              {role?.admin && <Alert type="info" showIcon title={t('permissions.adminAll')} />}
              {failure && (
                <Alert type="error" showIcon title={failure} closable={{ onClose: () => setFailure(null) }} />
              )}
              <Table<TableRow>
                rowKey="key"
                size="small"
                columns={columns}
                dataSource={groups}
                loading={permissions.isFetching}
                pagination={false}
                // Narrower than its columns (a phone): it scrolls within itself, not the page.
                scroll={{ x: 'max-content' }}
                expandable={{
                  defaultExpandAllRows: true,
                  expandedRowKeys: groups.map((g) => g.key),
                  showExpandColumn: false,
                }}
                rowClassName={(row) => (row.kind === 'group' ? 'auth-group-row' : '')}
                onRow={(row) =>
                  row.kind === 'group' ? { style: { background: 'var(--ant-color-fill-quaternary)' } } : {}
                }
              />
            </Flex>
          </Col>
          <Col xs={24} xl={6}>
            <Card size="small" title={t('permissions.menuPreview')}>
              {menus.isLoading ? (
                <Spin />
              ) : menus.data?.length ? (
                <Tree
                  showLine
                  defaultExpandAll
                  selectable={false}
                  treeData={toMenuItems(menus.data)}
                  key={JSON.stringify(menus.data.map((m) => m.key))}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('permissions.menuEmpty')} />
              )}
            </Card>
          </Col>
        </Row>
      )}
    </Flex>
  );
}
