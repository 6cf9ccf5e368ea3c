import { Layout, Watermark } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { usePendingCalls } from '../../api/loading';
import { useRunningParams } from '../../api/session-api';
import { useSessionUser } from '../../session/store';
import { FrameHeader } from './frame-header';
import { Later } from './later';
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
  if (!user) return null;

  const watermark = params.data?.watermark;
  const content = (
    <Layout.Content className="frame-content">
      <Outlet />
    </Layout.Content>
  );

  return (
    <Layout className="frame">
      {pending > 0 && <div className="loading-bar" data-testid="loading-bar" />}
      <Layout.Sider className="frame-sider" width={232} collapsible collapsed={collapsed} trigger={null}>
        <div className="frame-brand" title={t('common.productName')}>
          <span className="frame-logo">SC</span>
          {!collapsed && <span className="frame-product">{t('common.productName')}</span>}
        </div>
        <SideMenu collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <FrameHeader user={user} collapsed={collapsed} onToggleMenu={() => setCollapsed((c) => !c)} />
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
