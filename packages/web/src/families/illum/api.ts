import type { AnswerOf } from '@sc/contract';
import { ILLUM_API, ILLUM_GROUP_API, type IllumGroup, type IllumGroupOption } from '@sc/contract/families/illum';
import { clientOf, fillPath } from '../../api/endpoints';
import { familyKeys, fetchDevice, pagedEvents, registerBy } from '../../components/device';

export type { IllumGroup, IllumGroupOption };

/** Answers of the illumination calls, from the contract's tables. */
export type IllumPage = AnswerOf<typeof ILLUM_API.sensors>;
export type IllumSensor = IllumPage['list'][number];
/** PUT …/config and …/inuse: what is stored and whether the connected sensor was told. */
export type ConfigSaved = AnswerOf<typeof ILLUM_API.setConfig>;
/** A lamp controller that follows a sensor, with its group. */
export type IllumLamp = AnswerOf<typeof ILLUM_API.lamps>[number];
export type GroupOptions = AnswerOf<typeof ILLUM_GROUP_API.groupOptions>;
export type SeriesAnswer = AnswerOf<typeof ILLUM_API.series>;

/** The sensors' query keys (`options`: the illumination groups as options). */
export const illumKeys = familyKeys('illum', ['sensors', 'options'], ['one', 'config', 'lamps', 'events', 'series']);

/** Spec 001 §7 "illum": the contract's calls, in the shape the screens call them. */
export const illumApi = (projectId: number) => {
  const calls = clientOf(ILLUM_API, { projectId });
  const groups = clientOf(ILLUM_GROUP_API, { projectId });
  return {
    /** The groups' base for the shared resource table (its pages, one, create, update and deletes). */
    groupsBase: fillPath(ILLUM_GROUP_API.createGroup.path, { projectId }),
    sensors: (page: number, pageSize: number, keyword: string, includeChildren?: true) =>
      calls.sensors({ query: { page, pageSize, keyword, includeChildren } }),
    one: (id: number) => fetchDevice(projectId, id),
    config: (id: number) => calls.config({ id }),
    /** Silent: the form shows the field messages. */
    setConfig: (id: number, body: { threshold: number; peripheralIndex?: number | null }) =>
      calls.setConfig(
        { id, body: { threshold: body.threshold, peripheralIndex: body.peripheralIndex ?? '' } },
        { silent: true },
      ),
    setInuse: (id: number, enabled: boolean) => calls.setInuse({ id, body: { enabled } }),
    register: registerBy(calls),
    /** Silent: the page shows the server's reason (offline, silent sensor) beside the button. */
    realdata: (id: number) => calls.realdata({ id }, { silent: true }),
    lamps: (id: number) => calls.lamps({ id }),
    events: pagedEvents(calls.events),
    series: (id: number, from: string, to: string) => calls.series({ id, query: { from, to } }),
    groupOptions: () => groups.groupOptions({}),
  };
};
