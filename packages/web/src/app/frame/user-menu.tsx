import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { SessionUser } from '@sc/contract';
import { Avatar, Button, Dropdown } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../i18n/i18n';
import { readSessionAgain } from '../../session/auto-login';
import { logout } from '../../session/logout';
import { useFeedback } from '../feedback';
import { ChangePasswordDialog } from './change-password-dialog';

/** The signed-in user: modify password, and logout after 'ARE YOU SURE TO LOGOUT?'. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { confirm } = useFeedback();
  const [changing, setChanging] = useState(false);
  // The dialog (a form in a modal) mounts on first use, not with the frame.
  const [used, setUsed] = useState(false);
  // The built-in administrator's name follows the reader's language: a switch reads the session again.
  const lang = useLang();
  const shown = useRef(lang);
  useEffect(() => {
    if (shown.current === lang) return;
    shown.current = lang;
    void readSessionAgain();
  }, [lang]);

  const name = user.realName || user.userName;

  const askLogout = () =>
    confirm({
      // OK / Cancel come from antd's own locale, which follows the language switch.
      title: t('frame.logoutConfirm'),
      onOk: async () => {
        await logout();
        await navigate('/man/manindex', { replace: true });
      },
    });

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'password', icon: <KeyOutlined />, label: t('frame.modifyPassword') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('frame.logout'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key !== 'password') return askLogout();
            setUsed(true);
            setChanging(true);
          },
        }}
      >
        <Button
          type="text"
          data-testid="user-menu"
          // The visible name first, then what the button is for (the name must contain the visible text).
          aria-label={`${name}, ${t('frame.userMenu')}`}
        >
          <Avatar size="small" icon={<UserOutlined />} style={{ background: '#fa8c16' }} />
          <span className="frame-header-text">{name}</span> <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      {used && <ChangePasswordDialog userId={user.userId} open={changing} onClose={() => setChanging(false)} />}
    </>
  );
}
