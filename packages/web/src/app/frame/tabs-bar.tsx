import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { functionByPath, GROUPS } from '@sc/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
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

/** A screen's name as the menu gives it (an administrator may rename it), else the catalogue's. */
export function useScreenName() {
  const { t } = useTranslation();
  const menus = useMenus();
  return (path: string) =>
    findMenuNode(menus.data, (n) => n.path === path)?.name ?? t(`menu.${functionByPath(path)?.key ?? 'manmain'}`);
}

/** Tab tags of the open windows: close one, the others or all, from a right click or the menu at the end. */
export function TabsBar() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const name = useScreenName();
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

  // The open windows are navigation, not tab panels: a <nav> of links (the current one marked), each with
  // its close button beside it. antd's Tabs put buttons inside its role="tablist" (invalid ARIA) and
  // scroll sideways by script; this list scrolls in its own box and on a phone shows the current tab.
  return (
    <nav className="frame-tabs frame-window-tabs" aria-label={t('a11y.openWindows')}>
      <ul className="frame-tab-list">
        {tabs.map((tab, index) => {
          const current = tab.path === active;
          return (
            <li key={tab.path} className={`frame-tab${current ? ' frame-tab-current' : ''}`}>
              <Dropdown menu={actions(tab.path)} trigger={['contextMenu']}>
                <a
                  href={href(tab)}
                  aria-current={current ? 'page' : undefined}
                  data-testid={`tab-${tab.path}`}
                  onClick={(event) => {
                    event.preventDefault();
                    void navigate(href(tab));
                  }}
                >
                  {label(tab.path)}
                </a>
              </Dropdown>
              {index > 0 && (
                <button
                  type="button"
                  className="frame-tab-close"
                  aria-label={`${t('frame.closeTab')} ${label(tab.path)}`}
                  onClick={() => apply(closeTab(tabs, tab.path, active))}
                >
                  <CloseOutlined />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <Dropdown menu={actions(active)} trigger={['click']}>
        <Button
          size="small"
          type="text"
          icon={<DownOutlined />}
          aria-label={t('frame.tabActions')}
          data-testid="tab-actions"
        />
      </Dropdown>
    </nav>
  );
}
