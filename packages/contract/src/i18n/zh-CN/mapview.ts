/** The device map (/map/bizindex and the list's map view). */
export const mapview = {
  filters: {
    project: '项目',
    type: '设备类型',
    activeState: '状态',
    all: '全部',
  },
  devices: '{count} 台设备',
  clusterHint: '{count} 台设备（异常 {error}，未知 {unknown}，正常 {active}）',
  loading: '正在加载设备…',
  noTiles: '未配置地图瓦片：仅显示设备位置',
  edit: '编辑设备',
  summaryFailed: '无法加载设备信息',
  viewFailed: '无法加载视野内的设备',
  legend: {
    error: '有异常',
    active: '全部正常',
    unknown: '其他',
    pole: '灯杆（杆上设备数，颜色为最差状态）',
  },
  pole: {
    devices: '杆上设备（{count}）',
    project: '项目',
    open: '打开灯杆页',
    failed: '无法加载灯杆信息',
    none: '杆上没有设备',
  },
  showing: '当前视野：{count} 台设备',
} as const;
