export const login = {
  title: '用户登录',
  manageTitle: '管理登录',
  account: '账号',
  password: '密码',
  identifyCode: '验证码',
  refreshCode: '点击刷新验证码',
  submit: '登录',
  autoLogin: '正在自动登录…',
  subtitle: '物联网设备统一管理',
  codeNotChecked: '验证码已关闭，任意 6 个字符即可',
} as const;
