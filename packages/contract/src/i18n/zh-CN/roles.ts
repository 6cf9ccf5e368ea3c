/** Role list (/man/rolelist); field labels under `fields`. */
export const roles = {
  fields: {
    name: '角色名称',
    no: '角色编号',
    projectId: '所属项目',
    projectName: '所属项目',
    admin: '类型',
    status: '状态',
    userCount: '用户数',
    createdAt: '创建时间',
  },
  adminTag: '管理员',
  normalTag: '普通角色',
  allProjects: '全部项目',
  projectFilter: '按项目筛选',
  adminNoDelete: '内置的管理员角色不能删除',
} as const;
