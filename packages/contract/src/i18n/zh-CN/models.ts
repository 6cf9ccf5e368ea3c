/** Device model lists (/bas/devicemodellist, /pjt/pjtdevicemodellist); field labels under `fields`. */
export const models = {
  fields: {
    name: '型号名称',
    no: '型号编号',
    factoryId: '所属厂商',
    factoryName: '所属厂商',
    typeNo: '设备类型',
    typeName: '设备类型',
    description: '描述',
    builtin: '来源',
    deviceCount: '设备数',
    createdAt: '创建时间',
  },
  builtin: '内置',
  custom: '自定义',
  allFactories: '全部厂商',
  allTypes: '全部类型',
  factoryPlaceholder: '请选择厂商',
  typePlaceholder: '请选择设备类型',
  builtinNoHint: '内置型号的编号和类型不能修改',
  builtinDeleteHint: '内置型号不能删除',
  inUseHint: '仍有 {count} 个设备使用此型号，不能删除',
} as const;
