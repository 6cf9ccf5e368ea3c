import type { AnswerOf } from '@sc/contract';
import { PGW_API, type PGW_COMMANDS, type PgwConfigBody } from '@sc/contract/families/pgw';
import { clientOf } from '../../api/endpoints';
import { familyKeys, fetchDevice, pagedEvents, registerBy } from '../../components/device';

/** Answers of the power-line gateway calls, from the contract's table. */
export type PgwPage = AnswerOf<typeof PGW_API.gateways>;
export type PgwGateway = PgwPage['list'][number];
export type PgwLamp = AnswerOf<typeof PGW_API.lamps>[number];
export type PgwLampOption = AnswerOf<typeof PGW_API.lampOptions>[number];
export type PgwRuntime = AnswerOf<typeof PGW_API.runtime>;
export type PgwConfig = AnswerOf<typeof PGW_API.config>;
/** PUT …/config: what is stored and whether the connected gateway was told. */
export type ConfigSaved = AnswerOf<typeof PGW_API.setConfig>;

/** The power-line gateways' query keys (`options`: the lamp controllers that may be registered). */
export const pgwKeys = familyKeys('pgw', ['list'], ['one', 'lamps', 'options', 'config', 'events']);

/** Spec 001 §7 "pgw": the contract's calls, in the shape the screens call them. */
export const pgwApi = (projectId: number) => {
  const calls = clientOf(PGW_API, { projectId });
  return {
    gateways: (page: number, pageSize: number, keyword: string, includeChildren?: true) =>
      calls.gateways({ query: { page, pageSize, keyword, includeChildren } }),
    one: (id: number) => fetchDevice(projectId, id),
    register: registerBy(calls),
    /** Silent: the page shows the server's reason (offline, silent gateway) beside the buttons. */
    command: (id: number, command: string) =>
      calls[command as (typeof PGW_COMMANDS)[number]['name']]({ id }, { silent: true }),
    lamps: (id: number) => calls.lamps({ id }),
    lampOptions: (id: number) => calls.lampOptions({ id }),
    addLamps: (id: number, childIds: number[]) => calls.addLamps({ id, body: { childIds: childIds.join(',') } }),
    removeLamps: (id: number, childIds: number[]) => calls.removeLamps({ id, body: { childIds: childIds.join(',') } }),
    /** Hands the gateway its lamps' policies (now if connected, else when it comes back). */
    sendChildPolicies: (id: number) => calls.sendChildPolicies({ id }),
    /** Silent: the card shows the server's reason (offline, silent gateway). */
    runtime: (id: number) => calls.runtime({ id }, { silent: true }),
    config: (id: number) => calls.config({ id }),
    /** Silent: the form shows the field messages. */
    setConfig: (id: number, body: PgwConfigBody) => calls.setConfig({ id, body }, { silent: true }),
    events: pagedEvents(calls.events),
  };
};
