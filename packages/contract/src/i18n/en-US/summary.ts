import type { Translation } from '../translate.js';
import type { summary as zh } from '../zh-CN/summary.js';

/** The summary layouts' rule messages (server and screens); the screens' own texts load with them (web pages/pjt/pjtprojectsummary/texts). */
export const summary: Translation<typeof zh> = {
  rules: {
    unitCode: 'Choose a valid summary unit',
    unitsRequired: 'Place at least one unit',
    unitsMax: 'At most {count} units',
    unitsMax_one: 'At most {count} unit',
    grid: 'The grid is 2x2 or 3x3',
    unitTwice: 'A unit can be placed only once',
    outsideGrid: 'A unit lies outside the {grid}x{grid} grid',
    overlap: 'Units must not overlap',
  },
};
