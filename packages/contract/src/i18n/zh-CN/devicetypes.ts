/** Device type list (/bas/devicetypelist); field labels under `fields`. */
export const devicetypes = {
  fields: {
    icon: '图标',
    name: '类型名称',
    no: '类型编号',
    builtin: '来源',
    deviceCount: '设备数',
    createdAt: '创建时间',
  },
  builtin: '内置',
  custom: '自定义',
  noIcon: '无图标',
  uploadIcon: '上传图标',
  iconTitle: '设置图标：{name}',
  iconHint: '支持 JPG 或 PNG，小于 100KB，建议 128×128 像素',
  iconDrop: '点击或拖拽图片到此处上传',
  iconUploaded: '图标已上传',
  iconCurrent: '当前图标',
  builtinNoHint: '内置类型的编号不能修改',
  builtinDeleteHint: '内置类型不能删除',
  inUseHint: '仍有 {count} 个设备使用此类型，不能删除',
} as const;
