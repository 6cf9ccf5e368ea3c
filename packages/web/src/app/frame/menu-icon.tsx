import {
  ApartmentOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarcodeOutlined,
  BlockOutlined,
  BorderOuterOutlined,
  ClusterOutlined,
  ColumnHeightOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EditOutlined,
  EnvironmentOutlined,
  FormOutlined,
  GlobalOutlined,
  GroupOutlined,
  HddOutlined,
  HistoryOutlined,
  HomeOutlined,
  LayoutOutlined,
  LoginOutlined,
  MailOutlined,
  NotificationOutlined,
  ProfileOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { FAMILY_ICONS } from '../../families';

/**
 * The icons the catalogue's own entries name, imported one by one so the bundle carries only these; a
 * device family's come from its console part.
 */
export const MENU_ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarcodeOutlined,
  BlockOutlined,
  BorderOuterOutlined,
  ClusterOutlined,
  ColumnHeightOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EditOutlined,
  EnvironmentOutlined,
  FormOutlined,
  GlobalOutlined,
  GroupOutlined,
  HddOutlined,
  HistoryOutlined,
  HomeOutlined,
  LayoutOutlined,
  LoginOutlined,
  MailOutlined,
  NotificationOutlined,
  ProfileOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UserOutlined,
  // Each device family names its own icons (no edit here per family).
  ...FAMILY_ICONS,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = MENU_ICONS[name] ?? MENU_ICONS.AppstoreOutlined;
  return <Icon />;
}
