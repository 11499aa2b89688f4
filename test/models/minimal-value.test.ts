import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { minimalValueFor } from '../../src/models/index.ts';

/** zod schemas whose JSON Schema must yield a value the zod schema itself accepts. */
const ZOD_CASES: [string, z.ZodType][] = [
  ['required and optional properties', z.object({ title: z.string(), note: z.string().optional() })],
  ['enums and literals', z.object({ mood: z.enum(['calm', 'loud']), kind: z.literal('report') })],
  ['string lengths', z.object({ code: z.string().min(3).max(5) })],
  ['string formats', z.object({ email: z.email(), id: z.uuid(), link: z.url(), at: z.iso.datetime(), day: z.iso.date() })],
  ['numbers', z.object({ n: z.number().min(2.5), i: z.int().positive(), neg: z.number().lt(-3), step: z.int().min(7).multipleOf(5) })],
  ['arrays', z.object({ tags: z.array(z.string().min(1)).min(2), empty: z.array(z.number()) })],
  ['nested objects and nullables', z.object({ a: z.object({ b: z.boolean(), c: z.string().nullable() }) })],
  ['unions', z.object({ v: z.union([z.number().min(1), z.string()]) })],
  ['tuples', z.object({ pair: z.tuple([z.string(), z.number().min(1)]) })],
  ['records', z.object({ meta: z.record(z.string(), z.number()) })],
];

describe('minimalValueFor', () => {
  it.each(ZOD_CASES)('satisfies %s', (_name, schema) => {
    const value = minimalValueFor(z.toJSONSchema(schema));
    expect(schema.safeParse(value).error?.issues).toBeUndefined();
  });

  it('includes only required properties, with first enum values and minimum sizes', () => {
    const schema = z.object({ title: z.string().min(2), note: z.string().optional(), mood: z.enum(['calm', 'loud']), tags: z.array(z.string()).min(1) });
    expect(minimalValueFor(z.toJSONSchema(schema))).toEqual({ title: 'xx', mood: 'calm', tags: [''] });
  });

  it('follows recursive $refs without looping', () => {
    type Node = { name: string; children: Node[] };
    const NodeSchema: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(NodeSchema);
      },
    });
    const value = minimalValueFor(z.toJSONSchema(NodeSchema));
    expect(value).toEqual({ name: '', children: [] });
    expect(NodeSchema.safeParse(value).success).toBe(true);
  });

  it('handles hand-written draft 7 schemas: definitions, allOf, draft 4 exclusive bounds, minProperties', () => {
    const schema = {
      definitions: { id: { type: 'integer', minimum: 10, exclusiveMinimum: true } },
      type: 'object',
      required: ['id', 'score', 'both'],
      minProperties: 4,
      properties: {
        id: { $ref: '#/definitions/id' },
        score: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        both: {
          allOf: [
            { type: 'object', required: ['a'], properties: { a: { const: 1 } } },
            { required: ['b'], properties: { b: { type: 'string', minLength: 1 } } },
          ],
        },
        extra: { type: ['null', 'string'] },
      },
    };
    expect(minimalValueFor(schema)).toEqual({ id: 11, score: 0.5, both: { a: 1, b: 'x' }, extra: '' });
  });

  it('answers null for schemas that accept anything or that it cannot read', () => {
    expect(minimalValueFor({})).toBeNull();
    expect(minimalValueFor(true)).toBeNull();
    expect(minimalValueFor({ $ref: 'https://example.com/remote.json' })).toBeNull();
  });
});
