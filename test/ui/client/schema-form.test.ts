/**
 * The start form's fields from a worker's schema_in (src/ui/client/schema-form.ts): one field per
 * property with its kind and required mark, and the input read back, each problem naming its field.
 */
import { describe, expect, test } from 'vitest';
import { formFields, initialValues, readForm } from '../../../src/ui/client/schema-form.ts';

const schema = {
  type: 'object',
  properties: {
    topic: { type: 'string', description: 'what to report on' },
    pages: { type: 'integer', default: 2 },
    ratio: { type: 'number' },
    draft: { type: 'boolean' },
    tone: { type: 'string', enum: ['dry', 'warm'] },
    tags: { type: 'array', items: { type: 'string' } },
    limits: { type: 'object', properties: { words: { type: 'integer' } } },
    note: { type: ['string', 'null'] },
  },
  required: ['topic', 'tone'],
};

describe('schema form', () => {
  test('each property becomes a field of its kind, required ones marked', () => {
    expect(formFields(schema)?.map(({ name, kind, required }) => [name, kind, required])).toEqual([
      ['topic', 'text', true],
      ['pages', 'integer', false],
      ['ratio', 'number', false],
      ['draft', 'boolean', false],
      ['tone', 'choice', true],
      ['tags', 'lines', false],
      ['limits', 'json', false],
      ['note', 'text', false],
    ]);
  });

  test('a schema the form cannot draw gives no fields (the input stays JSON text)', () => {
    expect(formFields(undefined)).toBeUndefined();
    expect(formFields({ type: 'object' })).toBeUndefined();
    expect(formFields({ type: 'array', items: {} })).toBeUndefined();
  });

  test('the input is read back typed; empty optional fields are left out; defaults fill the form', () => {
    const fields = formFields(schema)!;
    const values = initialValues(fields);
    expect(values).toMatchObject({ topic: '', pages: '2', draft: false });
    const read = readForm(fields, { ...values, topic: 'tides', ratio: '0.5', draft: true, tone: 'dry', tags: 'a\n\nb\n', limits: '{"words": 300}' });
    expect(read).toEqual({ input: { topic: 'tides', pages: 2, ratio: 0.5, draft: true, tone: 'dry', tags: ['a', 'b'], limits: { words: 300 } } });
  });

  test('problems name their field: a required one left empty, a number that is not one, JSON that is not JSON', () => {
    const fields = formFields(schema)!;
    const read = readForm(fields, { ...initialValues(fields), pages: '2.5', ratio: 'many', limits: '{words' });
    expect(read).toEqual({
      problems: [
        'topic: required',
        'pages: expected a whole number, got 2.5',
        'ratio: expected a number, got "many"',
        'tone: required',
        expect.stringMatching(/^limits: expected JSON \(/),
      ],
    });
  });
});
