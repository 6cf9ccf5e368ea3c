import { Drawer, Grid, Layout, Watermark } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { usePendingCalls } from '../../api/loading';
import { useRunningParams } from '../../api/session-api';
import { useSessionUser } from '../../session/store';
import { useInertMeasureRows } from '../inert-measure-rows';
import { FrameHeader } from './frame-header';
import { Later } from './later';
import { ScreenHeading } from './screen-heading';
import { SideMenu } from './side-menu';
import { TabsBar } from './tabs-bar';
import './main-frame.css';

/** The shared frame of every signed-in screen (spec 000 §2 "Main frame"). */
export default function MainFrame() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const params = useRunningParams();
  const pending = usePendingCalls();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useInertMeasureRows();
  // Below the tablet width (768 px) the 232 px menu would leave a phone 126 px: it becomes a drawer.
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  if (!user) return null;

  const brand = (
    <div className="frame-brand" title={t('common.productName')}>
      <span className="frame-logo" aria-hidden="true">
        SC
      </span>
      {(!collapsed || phone) && <span className="frame-product">{t('common.productName')}</span>}
    </div>
  );

  const watermark = params.data?.watermark;
  const content = (
    <Layout.Content className="frame-content">
      <ScreenHeading />
      <Outlet />
    </Layout.Content>
  );

  return (
    <Layout className="frame">
      {pending > 0 && <div className="loading-bar" data-testid="loading-bar" />}
      {phone ? (
        <Drawer
          placement="left"
          size={260}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          rootClassName="frame-drawer"
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          {brand}
          <nav aria-label={t('a11y.mainMenu')} data-testid="menu-drawer">
            <SideMenu collapsed={false} onNavigate={() => setDrawerOpen(false)} />
          </nav>
        </Drawer>
      ) : (
        <Layout.Sider className="frame-sider" width={232} collapsible collapsed={collapsed} trigger={null}>
          {brand}
          <nav aria-label={t('a11y.mainMenu')}>
            <SideMenu collapsed={collapsed} />
          </nav>
        </Layout.Sider>
      )}
      <Layout>
        <FrameHeader
          user={user}
          collapsed={collapsed}
          drawer={phone}
          onToggleMenu={() => (phone ? setDrawerOpen(true) : setCollapsed((c) => !c))}
        />
        <Later placeholder={<div className="frame-tabs frame-tabs-placeholder" />}>
          <TabsBar />
        </Later>
        {watermark?.enabled ? (
          <Watermark content={[watermark.text, user.userName]} className="frame-watermark">
            {content}
          </Watermark>
        ) : (
          content
        )}
      </Layout>
    </Layout>
  );
}
