/** The console's centralized controller (cabinet) screens; the family's own labels are in `families.mtc`. */
export const cabinets = {
  circuits: {
    name: 'Circuit {index}',
    litOf: '{lit} of {total} circuits lit',
    setting: 'Set',
    set_on: 'on',
    set_off: 'off',
    set_unknown: 'unknown',
    actual_on: 'Powered',
    actual_off: 'Unpowered',
    actual_unknown: 'Unknown',
    disabled: 'Disabled',
    active: 'Current flowing',
    inactive: 'No current',
    cableTheft: 'Cable theft',
    switchOn: 'Switch on',
    switchOff: 'Switch off',
  },
  phases: {
    phase: 'Phase {phase}',
    voltage: 'Voltage',
    current: 'Current',
    power: 'Power',
  },
};
