/** Labels of the contract's enumerations. */
export const enums = {
  level_0: '无',
  level_1: '查看',
  level_5: '编辑',
  level_10: '审核',
  'active_-1': '异常',
  active_0: '未知',
  active_1: '正常',
  status_1: '正常',
  status_0: '禁用',
  'status_-1': '已删除',
} as const;
