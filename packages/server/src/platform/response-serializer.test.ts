import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { droppedFields, jsonText, responseSerializer } from './response-serializer.js';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/api/x.do', httpStatus: '200' });

describe('the response serializer', () => {
  const schema = z.object({ id: z.number(), list: z.array(z.object({ a: z.string() })) });
  const answer = { id: 1, list: [{ a: 'x', secret: 's' }], extra: true, gone: undefined };

  it('names what a schema leaves out, nested in objects and lists', () => {
    expect(droppedFields(answer, { id: 1, list: [{ a: 'x' }] })).toEqual(['.list[0].secret', '.extra']);
  });

  it('in the tests, refuses an answer with a field its schema does not describe', () => {
    expect(() => responseSerializer(true)(route(schema))(answer)).toThrow(/leaves out \.list\[0\]\.secret, \.extra/);
    expect(responseSerializer(true)(route(schema))({ id: 1, list: [] })).toBe('{"id":1,"list":[]}');
  });

  it('otherwise sends what the schema describes', () => {
    expect(responseSerializer(false)(route(schema))(answer)).toBe('{"id":1,"list":[{"a":"x"}]}');
  });

  it('sends an answer already in JSON as it is, and checks it in the tests as any other', () => {
    expect(responseSerializer(false)(route(schema))(jsonText('{"id":1,"list":[]}'))).toBe('{"id":1,"list":[]}');
    expect(responseSerializer(true)(route(schema))(jsonText('{"id":1,"list":[{"a":"x"}]}'))).toBe(
      '{"id":1,"list":[{"a":"x"}]}',
    );
    expect(() => responseSerializer(true)(route(schema))(jsonText('{"id":1,"list":[{"a":"x","b":2}]}'))).toThrow(
      /leaves out \.list\[0\]\.b/,
    );
    expect(() => responseSerializer(true)(route(schema))(jsonText('{"id":"1","list":[]}'))).toThrow();
  });
});
