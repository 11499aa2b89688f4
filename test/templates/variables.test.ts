import { describe, expect, it } from 'vitest';
import { ProjectError } from '../../src/errors.ts';
import { toSchemaPair } from '../../src/worker-file/json-schema.ts';
import { checkTemplateFields, templateVariables } from '../../src/templates/variables.ts';
import { catchError } from '../helpers/catch-error.ts';

const schema = (properties: Record<string, unknown>) => ({ ...toSchemaPair({ type: 'object', properties }), source: 'inline' });
const globals = { worker: { id: 'main', description: '' }, project: { name: 'real' } };

describe('templateVariables', () => {
  it('takes only declared fields from the input, and the globals always win', () => {
    const input = { topic: 'tides', project: 'spoofed', file: 'x', range: 1, extra: true };
    const variables = templateVariables(schema({ topic: { type: 'string' } }), input, globals);
    expect({ ...variables }).toEqual({ topic: 'tides', input, ...globals });
  });

  it('gives text input no fields', () => {
    expect({ ...templateVariables(undefined, 'hello', globals) }).toEqual({ input: 'hello', ...globals });
  });
});

describe('checkTemplateFields', () => {
  it.each(['input', 'worker', 'project', 'file', 'range', 'cycler', 'joiner', '__proto__', 'constructor'])('refuses a declared field named %s', (name) => {
    const error = catchError(() => checkTemplateFields(schema({ [name]: { type: 'string' } }), 'main.worker'));
    expect(ProjectError.isInstance(error)).toBe(true);
    expect((error as ProjectError).message).toMatch(new RegExp(`^main\\.worker: schema_in declares the field "${name}"`));
    expect((error as ProjectError).location.field).toBe(`schema_in.properties.${name}`);
  });

  it('accepts other names', () => {
    expect(() => checkTemplateFields(schema({ topic: {}, project_name: {} }), 'main.worker')).not.toThrow();
  });
});
