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

/** An answer already written as JSON (by the database, for a long list): sent as it is. */
class JsonText {
  constructor(readonly text: string) {}
}

/**
 * An answer of type `T` already in JSON, for a hot call whose answer is long (thousands of rows): the
 * schema check would build and walk every row again on each call. Checked against the route's schema
 * in the tests (strict), where every answer is.
 */
export const jsonText = <T>(text: string): T => new JsonText(text) as T;

/**
 * Every answer goes through its route's response schema (a mismatch is a 500). With `strict` (the
 * tests), a field the service answers but the schema does not describe is an error too, instead of
 * silently leaving the answer: the schemas the console's types come from stay exact.
 */
export function responseSerializer(strict: boolean): ReturnType<typeof createSerializerCompiler> {
  const plain = createSerializerCompiler({});
  if (!strict)
    return (route) => {
      const serialize = plain(route);
      return (data) => (data instanceof JsonText ? data.text : serialize(data));
    };
  return (route) => {
    const serialize = plain(route);
    return (answer) => {
      const data = answer instanceof JsonText ? JSON.parse(answer.text) : answer;
      const text = serialize(data);
      const dropped = droppedFields(JSON.parse(JSON.stringify(data)), JSON.parse(text));
      if (dropped.length)
        throw new Error(`${route.method} ${route.url}: the response schema leaves out ${dropped.join(', ')}`);
      return text;
    };
  };
}
