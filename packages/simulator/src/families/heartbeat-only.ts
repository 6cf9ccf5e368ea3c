import type { FamilySim } from './types.js';

/** Families whose devices only keep alive on the protocol for now (their readings come with their modules). */
export const heartbeatOnly = (type: string, firmware = '1.0.0'): FamilySim => ({ type, firmware });
