/** Texts of the console's CRUD kit (list screens). */
export const crud = {
  searchPlaceholder: '输入关键字，空格分隔，最多 {limit} 个',
  searchLimit: '最多 {limit} 个搜索词，多余的已忽略',
  createTitle: '新增',
  editTitle: '编辑',
  deleteOne: '确定删除这条记录吗？',
  selected: '已选 {count} 项',
  forbidden: '没有访问此页面的权限',
  back: '返回首页',
} as const;
