/** Messages of the security rules: escalation, password strength, images, lockout. */
export const security = {
  levelAboveOwn: '该角色在以下功能上的权限高于您自己的：{names}',
};
