import type { childRow, commandResponse, eventRow, registrationResponse } from '@sc/contract';

/** The type a contract response schema (zod) parses to, without the console depending on zod. */
export type Answer<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;

/** POST …/{id}/register|unregister (contract `registrationResponse`). */
export type RegistrationAnswer = Answer<typeof registrationResponse>;
/** POST …/{id}/{command} (contract `commandResponse`). */
export type CommandAnswer = Answer<typeof commandResponse>;
/** A device event (contract `eventRow`); rows pushed live before the next load carry a text id. */
export type DeviceEvent = Omit<Answer<typeof eventRow>, 'id'> & { id: number | string };
/** A device behind a carrier (contract `childRow`). */
export type ChildDevice = Answer<typeof childRow>;
