export const home = {
  welcome: '欢迎，{name}',
  role: '角色',
  project: '所属项目',
  lastLogin: '上次登录',
  projects: '项目数',
  users: '用户数',
  devices: '设备数',
  account: '账号',
  realName: '姓名',
  firstLogin: '首次登录',
  signedIn: '当前登录',
  overview: '数据概览',
} as const;
