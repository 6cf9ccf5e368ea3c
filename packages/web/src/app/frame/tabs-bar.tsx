import { DownOutlined } from '@ant-design/icons';
import { functionByPath, GROUPS } from '@sc/contract';
import { Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findMenuNode, useMenus } from '../../api/session-api';
import { closeAll, closeOthers, closeTab, href, loadTabs, openTab, saveTabs, type TabsChange } from './tabs-model';

/** The top menu group of a menu group (系统管理, 基础数据, 项目 …). */
function topGroup(key: string | undefined): string | undefined {
  let group = GROUPS.find((g) => g.key === key);
  while (group?.parent) {
    const parent = GROUPS.find((g) => g.key === group?.parent);
    if (!parent) break;
    group = parent;
  }
  return group?.key;
}

/** Tab tags of the open windows: close one, the others or all, from a right click or the menu at the end. */
export function TabsBar() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const menus = useMenus();
  const [tabs, setTabs] = useState(loadTabs);
  const active = location.pathname;

  useEffect(() => {
    if (functionByPath(location.pathname)?.ready) {
      setTabs((current) => openTab(current, { path: location.pathname, search: location.search }));
    }
  }, [location.pathname, location.search]);
  useEffect(() => saveTabs(tabs), [tabs]);

  const apply = (change: TabsChange) => {
    setTabs(change.tabs);
    if (change.navigateTo) void navigate(change.navigateTo);
  };

  const name = (path: string) =>
    findMenuNode(menus.data, (n) => n.path === path)?.name ?? t(`menu.${functionByPath(path)?.key ?? 'manmain'}`);
  // Global and project screens share names ("设备区域" twice): a shared name says whose it is.
  const names = tabs.map((tab) => name(tab.path));
  const label = (path: string) => {
    const own = name(path);
    if (names.filter((n) => n === own).length < 2) return own;
    const top = topGroup(functionByPath(path)?.parent);
    return top ? t('frame.tabOf', { name: own, group: t(`menu.${top}`) }) : own;
  };

  const actions = (path: string): MenuProps => ({
    items: [
      { key: 'close', label: t('frame.closeTab'), disabled: path === tabs[0]?.path },
      { key: 'others', label: t('frame.closeOthers') },
      { key: 'all', label: t('frame.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'close') apply(closeTab(tabs, path, active));
      if (key === 'others') apply(closeOthers(tabs, path, active));
      if (key === 'all') apply(closeAll(active));
    },
  });

  return (
    <Tabs
      className="frame-tabs"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={active}
      onChange={(path) => {
        const tab = tabs.find((item) => item.path === path);
        if (tab) void navigate(href(tab));
      }}
      onEdit={(path, action) => {
        if (action === 'remove' && typeof path === 'string') apply(closeTab(tabs, path, active));
      }}
      items={tabs.map((tab, index) => ({
        key: tab.path,
        closable: index > 0,
        label: (
          <Dropdown menu={actions(tab.path)} trigger={['contextMenu']}>
            <span data-testid={`tab-${tab.path}`}>{label(tab.path)}</span>
          </Dropdown>
        ),
      }))}
      tabBarExtraContent={{
        right: (
          <Dropdown menu={actions(active)} trigger={['click']}>
            <Button
              size="small"
              type="text"
              icon={<DownOutlined />}
              aria-label={t('frame.tabActions')}
              data-testid="tab-actions"
            />
          </Dropdown>
        ),
      }}
    />
  );
}
