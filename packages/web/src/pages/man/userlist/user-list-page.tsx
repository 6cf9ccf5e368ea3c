import { KeyOutlined } from '@ant-design/icons';
import { changePasswordForm, passwordRule, type UserView, userCreateBody } from '@sc/contract';
import { Alert, App, Button, Flex, Form, Input, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { isApiError } from '../../../api/errors';
import {
  applyServerErrors,
  type CrudColumn,
  type CrudField,
  canModify,
  ResourceTable,
  useAuthLevel,
  zodFieldRule,
  zodRule,
} from '../../../components/crud';
import { DraggableModal } from '../../../components/draggable-modal';
import { formatTime } from '../../../components/time';
import { useLang } from '../../../i18n/i18n';
import { useSessionUser } from '../../../session/store';
import { GLOBAL_ADMIN, ProjectTreeSelect, RoleSelect } from '../projectlist/project-tree';

type UserRow = UserView & { [k: string]: unknown };

/** /man/userlist: users of the caller's projects, filtered by project and role; reset password. */
export default function UserListPage() {
  return <UserList />;
}

/**
 * Users under `apiBase` (the caller's subtree, or a project's members: /pjt/pjtuserlist), filtered by
 * project and role.
 */
export function UserList({ apiBase = GLOBAL_ADMIN }: { apiBase?: string }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  // Resetting a password is a platform call (/api/users.do/{id}/pwd): offered on the caller's subtree only.
  const canResetPasswords = canModify(useAuthLevel()) && apiBase === GLOBAL_ADMIN;
  const [projectId, setProjectId] = useState<number | undefined>();
  const [roleId, setRoleId] = useState<number | undefined>();
  const [resetting, setResetting] = useState<UserView | null>(null);

  const statusOptions = [
    { value: 1, label: t('enums.status_1') },
    { value: 0, label: t('enums.status_0') },
  ];
  const columns: CrudColumn<UserRow>[] = [
    {
      field: 'name',
      render: (name, row) => (
        <Space size={6}>
          <span>{String(name)}</span>
          {row.id === me?.userId && <Tag color="blue">{t('users.self')}</Tag>}
        </Space>
      ),
    },
    { field: 'realName' },
    { field: 'phoneNo' },
    { field: 'roleName' },
    { field: 'projectName' },
    {
      field: 'status',
      width: 90,
      render: (status) => <Tag color={status === 1 ? 'green' : 'red'}>{t(`enums.status_${String(status)}`)}</Tag>,
    },
    {
      field: 'lastLoginTime',
      width: 170,
      render: (v) =>
        v ? formatTime(v) : <Typography.Text type="secondary">{t('users.neverLoggedIn')}</Typography.Text>,
    },
  ];
  const fields: CrudField[] = [
    { name: 'name', rule: userCreateBody.shape.name, required: true },
    {
      name: 'password',
      rule: userCreateBody.shape.password,
      required: true,
      createOnly: true,
      input: <Input.Password autoComplete="new-password" />,
    },
    { name: 'realName', rule: userCreateBody.shape.realName, required: true },
    { name: 'phoneNo', rule: userCreateBody.shape.phoneNo, required: true },
    {
      name: 'roleId',
      rule: userCreateBody.shape.roleId,
      required: true,
      input: <RoleSelect apiBase={apiBase} placeholder={t('users.rolePlaceholder')} />,
      initialValue: roleId,
    },
    {
      name: 'status',
      initialValue: 1,
      input: <Radio.Group optionType="button" buttonStyle="solid" options={statusOptions} />,
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="user-list-page">
      <Space wrap>
        <Typography.Text type="secondary">{t('users.projectFilter')}</Typography.Text>
        <ProjectTreeSelect
          apiBase={apiBase}
          aria-label={t('users.projectFilter')}
          style={{ width: 240 }}
          placeholder={t('users.allProjects')}
          value={projectId}
          onChange={(value) => {
            setProjectId(value ?? undefined);
            setRoleId(undefined);
          }}
        />
        <Typography.Text type="secondary">{t('users.roleFilter')}</Typography.Text>
        <RoleSelect
          apiBase={apiBase}
          aria-label={t('users.roleFilter')}
          style={{ width: 240 }}
          projectId={projectId}
          placeholder={t('users.allRoles')}
          value={roleId}
          onChange={(value) => setRoleId(value ?? undefined)}
        />
      </Space>
      <ResourceTable<UserRow>
        key={`${projectId ?? 'all'}-${roleId ?? 'all'}`}
        resource="users"
        base={`${apiBase}/users.do`}
        query={{ projectId, roleId }}
        columns={columns}
        hiddenByDefault={['phoneNo']}
        fields={fields}
        toForm={(row) => ({
          name: row.name,
          realName: row.realName,
          phoneNo: row.phoneNo,
          roleId: row.roleId,
          status: row.status,
        })}
        deletable={(row) => (row.id === me?.userId ? t('errors.cannotDeleteSelf') : true)}
        confirmSave={(values, row) =>
          row.status === 1 && values.status === 0
            ? { title: t('crud.disableUserTitle', { name: row.name }), content: t('crud.disableUserContent') }
            : values.roleId !== row.roleId
              ? { title: t('crud.roleChangeTitle', { name: row.name }), content: t('crud.roleChangeContent') }
              : null
        }
        rowActions={
          canResetPasswords
            ? (row) =>
                row.id !== me?.userId ? (
                  <Button size="small" type="link" icon={<KeyOutlined />} onClick={() => setResetting(row)}>
                    {t('users.resetPassword')}
                  </Button>
                ) : null
            : undefined
        }
      />
      {resetting && <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />}
    </Flex>
  );
}

/** New password + confirmation → PATCH /api/users.do/:id/pwd with `password`. */
export function ResetPasswordDialog({ user, onClose }: { user: UserView; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    setFailure(null);
    try {
      await api.patch(`/api/users.do/${user.id}/pwd`, { password: values.password }, { silent: true });
      message.success(t('users.passwordReset'));
      onClose();
    } catch (error) {
      if (applyServerErrors(form, error)) return;
      setFailure(isApiError(error) ? (error.body?.message ?? error.message) : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <DraggableModal
      open
      width={480}
      title={t('users.resetTitle', { name: user.name })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      guard={form}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" name="reset-password" preserve={false}>
        <Form.Item name="password" label={t('users.newPassword')} required rules={[zodRule(passwordRule(), lang)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('users.confirmPassword')}
          required
          dependencies={['password']}
          rules={[zodFieldRule(changePasswordForm, 'confirm', lang)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </DraggableModal>
  );
}
