/** Messages of the security rules: escalation, password strength, images, lockout. */
export const security = {
  levelAboveOwn: '该角色在以下功能上的权限高于您自己的：{names}',
  passwordWeak: '拥有审核权限的角色，密码至少 {count} 位，且包含小写字母、大写字母、数字、符号中的两类',
  iconPixels: '图标不能超过 {count} × {count} 像素',
};
