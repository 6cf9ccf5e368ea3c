import type { login as zh } from '../zh-CN/login.js';

export const login: Record<keyof typeof zh, string> = {
  title: 'Sign in',
  manageTitle: 'Management sign in',
  account: 'Account',
  password: 'Password',
  identifyCode: 'Identity code',
  refreshCode: 'Click for a new code',
  submit: 'Sign in',
  autoLogin: 'Signing in automatically…',
  subtitle: 'One console for every IoT device',
  codeNotChecked: 'Identity codes are off: any 6 characters will do',
};
