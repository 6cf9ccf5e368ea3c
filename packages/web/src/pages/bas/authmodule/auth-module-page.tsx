import { AppstoreOutlined, SaveOutlined } from '@ant-design/icons';
import type { AuthModulesView } from '@sc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Col, Empty, Flex, Row, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { isApiError } from '../../../api/errors';
import { canModify, useAuthLevel } from '../../../components/crud';
import { useLang } from '../../../i18n/i18n';
import { indexTree, ProjectTreeSelect, useProjectTree } from '../../man/projectlist/project-tree';

/** /bas/authmodule: the modules a project is authorised for, among those its parent allows. */
export default function AuthModulePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const writable = canModify(useAuthLevel());
  const tree = useProjectTree();
  const byId = useMemo(() => indexTree(tree.data), [tree.data]);
  const [picked, setProjectId] = useState<number | undefined>();
  // Opens on a project whose modules can be set (the root's first child), not on an empty page (issue 13).
  const projectId = picked ?? tree.data?.[0]?.children?.[0]?.id ?? tree.data?.[0]?.id;
  const project = projectId === undefined ? undefined : byId.get(projectId);
  const isRoot = project?.parentId === null;

  const modules = useQuery({
    queryKey: ['admin', 'authmodules', projectId, lang],
    queryFn: () => api.get<AuthModulesView>(`/api/bas/authmodules.do/projects/${projectId}`),
    enabled: projectId !== undefined,
  });
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    setChecked(modules.data?.modules ?? []);
    setFailure(null);
  }, [modules.data]);

  const available = modules.data?.available ?? [];
  const locked = !writable || isRoot;
  const allCodes = available.map((m) => m.code);
  const chosen = checked.filter((code) => allCodes.includes(code));

  const save = async () => {
    if (projectId === undefined) return;
    setSaving(true);
    setFailure(null);
    try {
      await api.post('/api/bas/authmodules.do', { projectId, modules: chosen.join(',') }, { silent: true });
      message.success(t('permissions.modulesSaved'));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'authmodules'] });
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

  return (
    <Flex vertical gap={12} data-testid="auth-module-page">
      <Card size="small">
        <Space wrap>
          <Typography.Text>{t('permissions.project')}</Typography.Text>
          <ProjectTreeSelect
            aria-label={t('permissions.project')}
            style={{ width: 320 }}
            allowClear={false}
            placeholder={t('permissions.projectPlaceholder')}
            value={projectId}
            onChange={setProjectId}
          />
        </Space>
      </Card>
      {projectId === undefined ? (
        <Card>
          <Empty description={t('permissions.pickProject')} />
        </Card>
      ) : (
        <Card
          title={
            <Space>
              <AppstoreOutlined />
              {t('permissions.modulesTitle')}
              {project && <Typography.Text type="secondary">{project.name}</Typography.Text>}
            </Space>
          }
          extra={
            <Space>
              <Typography.Text type="secondary">
                {t('permissions.selectedCount', { count: chosen.length, total: available.length })}
              </Typography.Text>
              {writable && (
                <Button
                  type="primary"
                  icon={<SaveOutlined />}
                  loading={saving}
                  disabled={locked || !modules.data}
                  onClick={save}
                >
                  {t('common.save')}
                </Button>
              )}
            </Space>
          }
        >
          <Flex vertical gap={16}>
            {isRoot ? (
              <Alert type="info" showIcon title={t('permissions.rootProject')} />
            ) : (
              <Alert type="info" showIcon title={t('permissions.modulesHint')} />
            )}
            {failure && <Alert type="error" showIcon title={failure} />}
            {modules.isLoading ? (
              <Spin />
            ) : (
              <>
                <Checkbox
                  disabled={locked || available.length === 0}
                  indeterminate={chosen.length > 0 && chosen.length < available.length}
                  checked={available.length > 0 && chosen.length === available.length}
                  onChange={(event) => setChecked(event.target.checked ? allCodes : [])}
                >
                  {t('permissions.checkAll')}
                </Checkbox>
                <Checkbox.Group
                  style={{ width: '100%' }}
                  disabled={locked}
                  value={chosen}
                  onChange={(values) => setChecked(values as string[])}
                >
                  <Row gutter={[12, 12]} style={{ width: '100%' }}>
                    {available.map((module) => (
                      <Col key={module.code} xs={12} md={8} lg={6}>
                        <Checkbox value={module.code}>{module.name}</Checkbox>
                      </Col>
                    ))}
                  </Row>
                </Checkbox.Group>
              </>
            )}
          </Flex>
        </Card>
      )}
    </Flex>
  );
}
