/**
 * The fields of a worker's `schema_in` (docs/worker-format.md) as a form: one field per property
 * with its type (text, number, yes/no, a choice, a list of lines, or JSON for anything nested) and
 * its required mark, and the input object read back from what was typed. A problem names the field.
 */
import { html } from 'htm/preact';

/** The part of a JSON Schema the form reads. */
export interface FieldSchema {
  type?: string | string[];
  description?: string;
  title?: string;
  enum?: unknown[];
  items?: FieldSchema;
  default?: unknown;
}

/** How a property is typed in. */
export type FieldKind = 'text' | 'number' | 'integer' | 'boolean' | 'choice' | 'lines' | 'json';

export interface FormField {
  name: string;
  kind: FieldKind;
  required: boolean;
  schema: FieldSchema;
}

/** The fields of an object schema, or undefined when it is not one the form can draw (then the input is JSON text). */
export function formFields(schema: unknown): FormField[] | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const { type, properties, required } = schema as { type?: unknown; properties?: unknown; required?: unknown };
  if (type !== 'object' || typeof properties !== 'object' || properties === null || Object.keys(properties).length === 0) return undefined;
  const needed = new Set(Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string') : []);
  return Object.entries(properties as Record<string, FieldSchema>).map(([name, field]) => ({
    name,
    kind: kindOf(field),
    required: needed.has(name),
    schema: field,
  }));
}

function kindOf(field: FieldSchema): FieldKind {
  if (Array.isArray(field.enum) && field.enum.length > 0 && field.enum.every((value) => typeof value === 'string')) return 'choice';
  const type = Array.isArray(field.type) ? field.type.filter((name) => name !== 'null') : [field.type];
  if (type.length !== 1) return 'json';
  switch (type[0]) {
    case 'string':
      return 'text';
    case 'number':
      return 'number';
    case 'integer':
      return 'integer';
    case 'boolean':
      return 'boolean';
    case 'array':
      return field.items?.type === 'string' ? 'lines' : 'json';
    default:
      return 'json';
  }
}

/** What a field holds before it is read back: typed text, or a checkbox's state. */
export type FieldValues = Record<string, string | boolean>;

/** The fields' starting values: each property's `default` where it has one. */
export function initialValues(fields: readonly FormField[]): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    const given = field.schema.default;
    if (field.kind === 'boolean') values[field.name] = given === true;
    else if (given === undefined) values[field.name] = '';
    else if (field.kind === 'lines' && Array.isArray(given)) values[field.name] = given.join('\n');
    else values[field.name] = typeof given === 'string' ? given : JSON.stringify(given, null, 2);
  }
  return values;
}

/** The input object, or the problems of the fields, each naming its field. Empty optional fields are left out. */
export function readForm(fields: readonly FormField[], values: FieldValues): { input: Record<string, unknown> } | { problems: string[] } {
  const input: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const field of fields) {
    const raw = values[field.name];
    if (field.kind === 'boolean') {
      input[field.name] = raw === true;
      continue;
    }
    const text = typeof raw === 'string' ? raw : '';
    if (text.trim() === '') {
      if (field.required) problems.push(`${field.name}: required`);
      continue;
    }
    const read = readField(field, text);
    if ('problem' in read) problems.push(`${field.name}: ${read.problem}`);
    else input[field.name] = read.value;
  }
  return problems.length > 0 ? { problems } : { input };
}

function readField(field: FormField, text: string): { value: unknown } | { problem: string } {
  switch (field.kind) {
    case 'text':
    case 'choice':
      return { value: text };
    case 'number':
    case 'integer': {
      const value = Number(text);
      if (!Number.isFinite(value)) return { problem: `expected a number, got ${JSON.stringify(text)}` };
      if (field.kind === 'integer' && !Number.isInteger(value)) return { problem: `expected a whole number, got ${text}` };
      return { value };
    }
    case 'lines':
      return { value: text.split('\n').filter((line) => line.trim() !== '') };
    default:
      try {
        return { value: JSON.parse(text) };
      } catch (error) {
        return { problem: `expected JSON (${(error as Error).message})` };
      }
  }
}

/** The form's fields, each with its label, required mark and description. */
export function SchemaFields({
  fields,
  values,
  onChange,
}: {
  fields: readonly FormField[];
  values: FieldValues;
  onChange: (name: string, value: string | boolean) => void;
}) {
  return html`<div class="schema-fields">${fields.map((field) => html`<${Field} key=${field.name} field=${field} value=${values[field.name]} onChange=${onChange} />`)}</div>`;
}

function Field({
  field,
  value,
  onChange,
}: {
  field: FormField;
  value: string | boolean | undefined;
  onChange: (name: string, value: string | boolean) => void;
}) {
  const id = `field-${field.name}`;
  const typed = (event: Event) => onChange(field.name, (event.currentTarget as HTMLInputElement).value);
  const text = typeof value === 'string' ? value : '';
  const common = { id, name: field.name, 'data-field': field.name, 'aria-required': field.required ? 'true' : undefined };
  let control: unknown;
  switch (field.kind) {
    case 'boolean':
      control = html`<input ...${common} type="checkbox" checked=${value === true} onChange=${(event: Event) => onChange(field.name, (event.currentTarget as HTMLInputElement).checked)} />`;
      break;
    case 'choice':
      control = html`<select ...${common} value=${text} onChange=${typed}>
        ${field.required ? null : html`<option value="">(none)</option>`}
        ${(field.schema.enum as string[]).map((choice) => html`<option value=${choice}>${choice}</option>`)}
      </select>`;
      break;
    case 'number':
    case 'integer':
      control = html`<input ...${common} type="number" step=${field.kind === 'integer' ? '1' : 'any'} value=${text} onInput=${typed} />`;
      break;
    case 'text':
      control = html`<input ...${common} type="text" value=${text} onInput=${typed} />`;
      break;
    default:
      control = html`<textarea ...${common} placeholder=${field.kind === 'lines' ? 'one item per line' : 'JSON'} value=${text} onInput=${typed}></textarea>`;
  }
  const hint = [field.kind === 'json' ? 'JSON' : field.kind === 'lines' ? 'one per line' : '', field.schema.description ?? ''].filter(Boolean).join(' · ');
  return html`<div class="form-row field" data-kind=${field.kind}>
    <label for=${id}>${field.schema.title ?? field.name}${field.required ? html`<span class="required" title="required"> *</span>` : null}</label>
    ${control}
    ${hint ? html`<div class="muted hint">${hint}</div>` : null}
  </div>`;
}
