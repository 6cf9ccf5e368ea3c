/**
 * Project administration (/pjt/pjtrolelist, pjtuserlist, pjtauthlist): titles of the views. Not in the
 * platform's catalogue (index.ts): the screens load them (i18n/pjtadmin.ts), off the login page.
 */
export const pjtadmin = {
  rolesTitle: '项目角色',
  usersTitle: '项目成员',
  authTitle: '项目角色权限',
  myRolesTitle: '查看项目角色',
  myUsersTitle: '查看项目成员',
  myAuthTitle: '我的权限',
  readOnlyHint: '您的角色只能查看项目的角色、成员和权限，修改需要编辑权限',
  scopeHint: '范围：{project} 及其下级项目',
  ownRoleHint: '您的角色：{role}',
} as const;
