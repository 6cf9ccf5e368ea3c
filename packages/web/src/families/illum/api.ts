import type { AnswerOf, DeviceView } from '@sc/contract';
import { ILLUM_API, ILLUM_GROUP_API, type IllumGroup, type IllumGroupOption } from '@sc/contract/families/illum';
import { api } from '../../api/client';
import { clientOf, fillPath } from '../../api/endpoints';

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

export const illumKeys = {
  sensors: (projectId: number) => ['illum', projectId, 'sensors'],
  one: (projectId: number, id: number) => ['illum', projectId, 'one', id],
  config: (projectId: number, id: number) => ['illum', projectId, 'config', id],
  lamps: (projectId: number, id: number) => ['illum', projectId, 'lamps', id],
  events: (projectId: number, id: number) => ['illum', projectId, 'events', id],
  series: (projectId: number, id: number) => ['illum', projectId, 'series', id],
  options: (projectId: number) => ['illum', projectId, 'group-options'],
};

/** Spec 001 §7 "illum": the contract's calls, in the shape the screens call them. */
export const illumApi = (projectId: number) => {
  const calls = clientOf(ILLUM_API, { projectId });
  const groups = clientOf(ILLUM_GROUP_API, { projectId });
  return {
    /** The groups' base for the shared resource table (its pages, one, create, update and deletes). */
    groupsBase: fillPath(ILLUM_GROUP_API.createGroup.path, { projectId }),
    sensors: (page: number, pageSize: number, keyword: string, includeChildren?: true) =>
      calls.sensors({ query: { page, pageSize, keyword, includeChildren } }),
    one: (id: number) =>
      api.get<DeviceView>(`/api/pjts/${projectId}/devices.do/one/${id}`, undefined, { silent: true }),
    config: (id: number) => calls.config({ id }),
    /** Silent: the form shows the field messages. */
    setConfig: (id: number, body: { threshold: number; peripheralIndex?: number | null }) =>
      calls.setConfig(
        { id, body: { threshold: body.threshold, peripheralIndex: body.peripheralIndex ?? '' } },
        { silent: true },
      ),
    setInuse: (id: number, enabled: boolean) => calls.setInuse({ id, body: { enabled } }),
    register: (id: number, registered: boolean) => (registered ? calls.register : calls.unregister)({ id }),
    /** Silent: the page shows the server's reason (offline, silent sensor) beside the button. */
    realdata: (id: number) => calls.realdata({ id }, { silent: true }),
    lamps: (id: number) => calls.lamps({ id }),
    events: (id: number, page: number, pageSize: number) => calls.events({ id, query: { page, pageSize } }),
    series: (id: number, from: string, to: string) => calls.series({ id, query: { from, to } }),
    groupOptions: () => groups.groupOptions({}),
  };
};
