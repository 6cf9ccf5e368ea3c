/** The console's centralized controller (cabinet) screens; the family's own labels are in `families.mtc`. */
export const cabinets = {
  circuits: {
    name: '回路 {index}',
    litOf: '{total} 个回路中 {lit} 个亮',
    setting: '设定',
    set_on: '开',
    set_off: '关',
    set_unknown: '未知',
    actual_on: '通电',
    actual_off: '断电',
    actual_unknown: '未知',
    disabled: '未启用',
    active: '有电流',
    inactive: '无电流',
    cableTheft: '防盗报警',
    switchOn: '合闸',
    switchOff: '分闸',
  },
  phases: {
    phase: '{phase} 相',
    voltage: '电压',
    current: '电流',
    power: '功率',
  },
};
