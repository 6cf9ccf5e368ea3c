/** Console-only texts of the system settings screen (setting labels are in `settings`). */
export const syssettings = {
  range: '取值范围 {min} - {max}',
  defaultValue: '默认值 {value}',
  reset: '还原',
  unchanged: '没有修改',
  unsavedTab: '此页签有未保存的修改',
  savedCount: '已保存 {count} 项设置',
  partlySaved: '已保存 {saved} 项，{failed} 项未保存',
  enabled: '开启',
  disabled: '关闭',
  timezonePlaceholder: '选择时区',
  builtinAdmin: '内置管理员',
  userSearch: '输入姓名或账号搜索用户',
  userNotFound: '没有匹配的用户',
  userUnknown: '用户 {id}（已不存在或不可见）',
  userLabel: '{realName}（{account}）· {role}',
} as const;
