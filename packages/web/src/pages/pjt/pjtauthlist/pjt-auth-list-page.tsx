import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../session/store';
import { AuthList } from '../../man/authlist/auth-list-page';
import { ProjectAdminScope } from '../pjtadmin/project-admin-scope';

/**
 * /pjt/pjtauthlist: the levels of the roles of the current project and its descendants (the /man
 * screen, scoped). A viewer opens on their own role ("my permissions") when it belongs here.
 */
export default function PjtAuthListPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  return (
    <ProjectAdminScope view="auth">
      {({ apiBase, writable }) => (
        <>
          {!writable && me && (
            <Typography.Text type="secondary">{t('pjtadmin.ownRoleHint', { role: me.roleName })}</Typography.Text>
          )}
          <AuthList apiBase={apiBase} openOn={writable ? undefined : me?.roleId} />
        </>
      )}
    </ProjectAdminScope>
  );
}
