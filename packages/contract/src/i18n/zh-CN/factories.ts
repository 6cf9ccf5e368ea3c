/** Device factory lists (/bas/devicefactorylist, /pjt/pjtdevicefactorylist); field labels under `fields`. */
export const factories = {
  fields: {
    name: '厂商名称',
    no: '厂商编号',
    description: '描述',
    projectId: '所属项目',
    projectName: '所属项目',
    builtin: '来源',
    modelCount: '型号数',
    createdAt: '创建时间',
  },
  builtin: '内置',
  custom: '自定义',
  allProjects: '通用',
  projectPlaceholder: '不限项目（通用）',
  builtinNoHint: '内置厂商的编号不能修改',
  builtinDeleteHint: '内置厂商不能删除',
  inUseHint: '该厂商仍有 {count} 个型号，不能删除',
} as const;
