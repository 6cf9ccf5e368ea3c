/** A query key of the project's (its lists), or of one of its devices. */
type ProjectKey = (projectId: number) => unknown[];
type DeviceKey = (projectId: number, id: number) => unknown[];

/**
 * A family's query keys: `all` (`[family, projectId]`, everything of the family in the project), one
 * `[family, projectId, name]` for each of the project's lists, one `[family, projectId, name, id]` for
 * each of a device's.
 */
export function familyKeys<P extends string, D extends string>(
  family: string,
  project: readonly P[],
  device: readonly D[],
) {
  const keys: Record<string, ProjectKey | DeviceKey> = { all: (projectId: number) => [family, projectId] };
  for (const name of project) keys[name] = (projectId: number) => [family, projectId, name];
  for (const name of device) keys[name] = (projectId: number, id: number) => [family, projectId, name, id];
  return keys as { all: ProjectKey } & Record<P, ProjectKey> & Record<D, DeviceKey>;
}
