/** Names of the frame's landmarks and controls for screen readers and phones. */
export const a11y = {
  openWindows: '已打开的窗口',
  mainMenu: '主菜单',
  openMenu: '打开菜单',
} as const;
