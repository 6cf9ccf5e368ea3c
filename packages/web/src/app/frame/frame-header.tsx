import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { SessionUser } from '@sc/contract';
import { Button, Flex, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import { FullscreenToggle } from './fullscreen-toggle';
import { Later } from './later';
import { UnreadCount } from './unread-count';
import { UserMenu } from './user-menu';

interface FrameHeaderProps {
  user: SessionUser;
  collapsed: boolean;
  onToggleMenu: () => void;
  /** On a phone the menu is a drawer: the button opens it. */
  drawer?: boolean;
}

export function FrameHeader({ user, collapsed, onToggleMenu, drawer = false }: FrameHeaderProps) {
  const { t } = useTranslation();
  return (
    <Layout.Header className="frame-header">
      <Button
        type="text"
        aria-label={drawer ? t('a11y.openMenu') : collapsed ? t('frame.expand') : t('frame.collapse')}
        data-testid="menu-toggle"
        icon={drawer || collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggleMenu}
      />
      <Flex align="center" gap={4}>
        <Later>
          <UnreadCount />
          <FullscreenToggle />
          <LanguageSwitch />
          <UserMenu user={user} />
        </Later>
      </Flex>
    </Layout.Header>
  );
}
