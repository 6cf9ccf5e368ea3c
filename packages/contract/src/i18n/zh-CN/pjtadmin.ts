/** Project administration (/pjt/pjtrolelist, pjtuserlist, pjtauthlist): titles of the views. */
export const pjtadmin = {
  rolesTitle: '项目角色',
  usersTitle: '项目成员',
  authTitle: '项目角色权限',
  myRolesTitle: '查看项目角色',
  myUsersTitle: '查看项目成员',
  myAuthTitle: '我的权限',
  readOnlyHint: '只有管理员角色的用户可以修改项目的角色、成员和权限',
  scopeHint: '{project} 及其下级项目',
} as const;
