/** Messages of the project parameters' rules (both sides); the screen's own texts are the console's (pages/pjt/pjtparams/texts). */
export const projectparams = {
  serverAddressRequired: '请输入服务器地址',
  serverAddressRule: '请输入有效的 IPv4 地址或域名',
} as const;
