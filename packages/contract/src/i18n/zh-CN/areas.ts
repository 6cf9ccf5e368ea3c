/**
 * Device area lists (/biz/devicearealist, /pjt/pjtdevicearealist); field labels under `fields`.
 * `switcher` is the current-project selector shown on /pjt screens.
 */
export const areas = {
  fields: {
    name: '区域名称',
    no: '区域编号',
    projectId: '所属项目',
    projectName: '所属项目',
    description: '描述',
    lng: '经度',
    lat: '纬度',
    location: '位置',
    groupCount: '分组数',
    deviceCount: '设备数',
    createdAt: '创建时间',
  },
  allProjects: '全部项目',
  projectPlaceholder: '请选择项目',
  setLocation: '设置位置',
  locationTitle: '设置区域位置：{name}',
  locationSaved: '位置已保存',
  noLocation: '未设置',
  inUseHint: '该区域仍有 {groups} 个分组和 {devices} 个设备，不能删除',
  switcher: {
    label: '当前项目',
    placeholder: '请选择项目',
    own: '我的项目',
    /** The switch of /pjt lists and the map: the child projects' devices too (issue 13). */
    includeChildren: '包含子项目',
    projectColumn: '所属项目',
    withChildren: '含子项目',
    /** Screens that keep to the current project with the switch on say so (issue 13). */
    ownOnly: {
      groups:
        '组网分组按项目建立：这里只有“{project}”自己的分组，新建的分组也属于它；子项目的分组请在上方切换到该子项目查看。',
      policies:
        '策略按项目建立：这里只有“{project}”自己的策略，新建的策略也属于它；子项目的策略请在上方切换到该子项目查看。',
      power: '能耗统计只计算“{project}”自己的路灯；上方的概况已包含子项目。',
    },
  },
} as const;
