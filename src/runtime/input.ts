/**
 * A worker's input: text, or (with `schema_in`) a validated JSON object whose fields also become
 * template variables (docs/worker-format.md).
 */
import { ProjectError } from '../errors.ts';
import { validateWith } from '../worker-file/json-schema.ts';
import type { ResolvedSchema } from '../worker-file/schema-ref.ts';
import { templateVariables } from '../templates/variables.ts';
import type { PreparedWorker } from './run-context.ts';

export interface WorkerInput {
  /** Text, or the validated object. */
  value: string | Record<string, unknown>;
  /** The user message the model receives. */
  text: string;
}

/** Shown to the model when the input is empty, since providers refuse empty messages. */
const EMPTY_INPUT = '(no input)';

/**
 * Validates a top-level input. With `schema_in`, text must be JSON; every failing field is listed.
 * Without it, objects are passed on as JSON text.
 */
export function prepareInput(worker: PreparedWorker, raw: unknown, origin = '--input'): WorkerInput {
  const { schemaIn, definition } = worker;
  if (!schemaIn) {
    const text = typeof raw === 'string' ? raw : raw === undefined ? '' : JSON.stringify(raw, null, 2);
    return { value: text, text: text.length > 0 ? text : EMPTY_INPUT };
  }
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new ProjectError('invalid-input', `worker ${definition.id} declares schema_in, so its input must be JSON (pass --input '{...}'); got text`, {
        file: definition.displayPath,
        field: 'schema_in',
      });
    }
  }
  return validatedInput(definition.id, schemaIn, value, origin);
}

/** Validates a structured input against `schema_in` (used for top-level and delegated calls). */
export function validatedInput(workerId: string, schema: ResolvedSchema, value: unknown, origin: string): WorkerInput {
  const result = validateWith<Record<string, unknown>>(schema.zod, value);
  if (!result.ok) {
    throw new ProjectError('invalid-input', `input for worker ${workerId} does not match its schema_in (${origin}): ${result.errors.join('; ')}`);
  }
  const object = result.value;
  return { value: object, text: JSON.stringify(object, null, 2) };
}

/** Template variables: `input`, the declared schema_in fields, `worker`, `project`. */
export function templateVariablesOf(worker: PreparedWorker, input: WorkerInput, projectName: string): Record<string, unknown> {
  return templateVariables(worker.schemaIn, input.value, {
    worker: { id: worker.definition.id, description: worker.definition.config.description ?? '' },
    project: { name: projectName },
  });
}
