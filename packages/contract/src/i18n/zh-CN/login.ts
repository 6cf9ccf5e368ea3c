export const login = {
  title: '用户登录',
  manageTitle: '管理登录',
  account: '账号',
  password: '密码',
  identifyCode: '验证码',
  refreshCode: '点击刷新验证码',
  submit: '登录',
  autoLogin: '正在自动登录…',
} as const;
