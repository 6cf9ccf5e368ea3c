import { createSerializerCompiler } from 'fastify-type-provider-zod';

/** A field of the service's answer that the route's response schema left out (zod objects strip them). */
export function droppedFields(sent: unknown, kept: unknown, at = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept))
    return sent.flatMap((item, i) => droppedFields(item, kept[i], `${at}[${i}]`)).slice(0, 10);
  if (!isRecord(sent) || !isRecord(kept)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    if (value === undefined) return [];
    if (!(key in kept)) return [`${at}.${key}`];
    return droppedFields(value, kept[key], `${at}.${key}`);
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !(v instanceof Date) && !Array.isArray(v);

/**
 * Every answer goes through its route's response schema (a mismatch is a 500). With `strict` (the
 * tests), a field the service answers but the schema does not describe is an error too, instead of
 * silently leaving the answer: the schemas the console's types come from stay exact.
 */
export function responseSerializer(strict: boolean): ReturnType<typeof createSerializerCompiler> {
  const plain = createSerializerCompiler({});
  if (!strict) return plain;
  return (route) => {
    const serialize = plain(route);
    return (data) => {
      const text = serialize(data);
      const dropped = droppedFields(JSON.parse(JSON.stringify(data)), JSON.parse(text));
      if (dropped.length)
        throw new Error(`${route.method} ${route.url}: the response schema leaves out ${dropped.join(', ')}`);
      return text;
    };
  };
}
