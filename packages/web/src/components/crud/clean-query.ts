/** A query without its empty values (the filters a screen leaves blank: undefined, '' or null). */
export const cleanQuery = <Q extends object>(query: Q): Q =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as Q;
