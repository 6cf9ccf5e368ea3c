import { functionByPath, type MenuNode } from '@sc/contract';
import { Menu, type MenuProps } from 'antd';
import { useDeferredValue } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMenus } from '../../api/session-api';
import { MenuIcon } from './menu-icon';

type Item = Required<MenuProps>['items'][number];

const NO_NODES: MenuNode[] = [];

/** Server menu nodes → antd items; screens the console has not got yet are left out. */
function toItems(nodes: MenuNode[]): Item[] {
  return nodes.flatMap((node): Item[] => {
    if (node.children) {
      const children = toItems(node.children);
      if (children.length === 0) return [];
      return [{ key: `group:${node.key}`, icon: <MenuIcon name={node.icon} />, label: node.name, children }];
    }
    if (!functionByPath(node.path)?.ready) return [];
    return [{ key: node.path, icon: <MenuIcon name={node.icon} />, label: node.name }];
  });
}

function groupKeysOf(nodes: MenuNode[], path: string, trail: string[] = []): string[] | null {
  for (const node of nodes) {
    if (node.path === path && !node.children) return trail;
    if (node.children) {
      const found = groupKeysOf(node.children, path, [...trail, `group:${node.key}`]);
      if (found) return found;
    }
  }
  return null;
}

/** The menu tree of GET /api/menus.do, names already in the caller's language. */
export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menus = useMenus();
  // The menu's items are drawn in a render that yields: on a reload they arrive while the screen waits
  // for its own answers, whose render goes first.
  const nodes = useDeferredValue(menus.data ?? NO_NODES);
  return (
    <Menu
      mode="inline"
      theme="dark"
      inlineIndent={16}
      className="frame-menu"
      data-testid="side-menu"
      items={toItems(nodes)}
      selectedKeys={[pathname]}
      defaultOpenKeys={collapsed ? undefined : (groupKeysOf(nodes, pathname) ?? [])}
      key={`${nodes.length}-${collapsed}`}
      onClick={({ key }) => {
        onNavigate?.();
        void navigate(key);
      }}
    />
  );
}
