/**
 * Turns zod issues about a configuration file into one-sentence problems a user can act on:
 * `unknown key "modle" (did you mean "model"?)`, `mode must be one of single, chat (found "multi")`.
 */
import type { z } from 'zod';
import { objectKeysAt } from './schema-keys.ts';
import { suggestNearest, suggestionClause } from './suggest.ts';

type Issue = z.core.$ZodIssue;

/** One problem in a configuration file, before a file location is attached. */
export interface ConfigProblem {
  code: 'unknown-key' | 'invalid-field';
  detail: string;
  /** Path of the offending field. */
  path: PropertyKey[];
  /** Which node to point at: the key itself, or the field's value. */
  at: 'key' | 'value';
}

/** `toolsets.shell.rules[0].command`. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? String(segment) : `.${String(segment)}`;
  }
  return text;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

/** How a value looks to the person who wrote the YAML. */
function describeValue(value: unknown): string {
  if (value === null) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
  return String(value);
}

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'a mapping',
  record: 'a mapping',
  array: 'a list',
};

function expectedText(expected: string): string {
  return EXPECTED[expected] ?? expected;
}

function typeDetail(field: string, expected: string[], found: unknown): string {
  const alternatives = [...new Set(expected)].join(' or ');
  const hint = alternatives === EXPECTED.string && (typeof found === 'number' || typeof found === 'boolean') ? '; put it in quotes' : '';
  return `${field} must be ${alternatives} (found ${describeValue(found)}${hint})`;
}

/** zod's own wording starts with these; anything else is a message written in our schema. */
const GENERIC_MESSAGE = /^(Invalid|Too (small|big)|Expected|Unrecognized)/;

function customDetail(field: string, issue: Issue): string | undefined {
  if (GENERIC_MESSAGE.test(issue.message)) return undefined;
  return issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
}

function sizeDetail(field: string, issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): string {
  const small = issue.code === 'too_small';
  const bound = Number(small ? (issue as { minimum: unknown }).minimum : (issue as { maximum: unknown }).maximum);
  const inclusive = issue.inclusive !== false;
  if (issue.origin === 'string') {
    if (small && bound === 1) return `${field} must not be empty`;
    return `${field} must have ${small ? 'at least' : 'at most'} ${bound} characters`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    return `${field} must list ${small ? 'at least' : 'at most'} ${bound} item${bound === 1 ? '' : 's'}`;
  }
  const relation = small ? (inclusive ? 'at least' : 'greater than') : inclusive ? 'at most' : 'less than';
  return `${field} must be ${relation} ${bound}`;
}

/** Root-level type/value mismatches of every union option: what the field could have been. */
function unionAlternatives(issue: Extract<Issue, { code: 'invalid_union' }>): string[] | undefined {
  const alternatives: string[] = [];
  for (const optionIssues of issue.errors) {
    const [only] = optionIssues;
    if (optionIssues.length !== 1 || !only || only.path.length > 0) return undefined;
    if (only.code === 'invalid_type') alternatives.push(expectedText(only.expected));
    else if (only.code === 'invalid_value') alternatives.push(only.values.map((v) => String(v)).join(' or '));
    else return undefined;
  }
  return alternatives;
}

/** Describes every issue of a failed parse; `root` is the parsed YAML value, `schema` what it was checked against. */
export function describeIssues(issues: readonly Issue[], schema: z.ZodType, root: unknown): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const visit = (issue: Issue, prefix: readonly PropertyKey[]): void => {
    const schemaPath = [...prefix, ...issue.path];
    const path = asWritten(schemaPath);
    const field = formatFieldPath(path);
    const found = valueAt(root, path);
    const invalid = (detail: string, at: 'key' | 'value' = 'value') => problems.push({ code: 'invalid-field', detail, path, at });
    switch (issue.code) {
      case 'unrecognized_keys': {
        const valid = objectKeysAt(schema, schemaPath);
        for (const key of issue.keys) {
          const keyPath = [...path, key];
          const detail =
            field === 'toolsets'
              ? `unknown toolset "${key}" (${unknownToolsetHint(key, valid)})`
              : `unknown key "${key}"${field ? ` in ${field}` : ''} ${suggestionClause(key, valid)}`;
          problems.push({ code: 'unknown-key', detail, path: keyPath, at: 'key' });
        }
        return;
      }
      case 'invalid_type':
        if (found === undefined) invalid(`missing required field "${field}"`);
        else invalid(typeDetail(field, [expectedText(issue.expected)], found));
        return;
      case 'invalid_value': {
        const options = issue.values.map((v) => String(v));
        const what = options.length === 1 ? options[0] : `one of ${options.join(', ')}`;
        invalid(`${field} must be ${what} (found ${describeValue(found)})`);
        return;
      }
      case 'invalid_union': {
        const alternatives = unionAlternatives(issue);
        if (alternatives) {
          invalid(typeDetail(field, alternatives, found));
          return;
        }
        // Report the option that got furthest: the one with the fewest problems, then the deepest
        // (a mapping checked against its schema beats "must be false" for `shell: {...}`).
        const depth = (issues: readonly Issue[]) => Math.max(0, ...issues.map((inner) => inner.path.length));
        const best = [...issue.errors].sort((a, b) => a.length - b.length || depth(b) - depth(a))[0] ?? [];
        for (const inner of best) visit(inner, path);
        return;
      }
      case 'invalid_key': {
        const parent = formatFieldPath(path.slice(0, -1));
        const reason = issue.issues.map((inner) => inner.message).join('; ');
        invalid(`invalid name "${String(path[path.length - 1])}" in ${parent}: ${reason}`, 'key');
        return;
      }
      case 'too_small':
      case 'too_big':
        invalid(customDetail(field, issue) ?? sizeDetail(field, issue));
        return;
      case 'invalid_format':
        invalid(customDetail(field, issue) ?? `${field} must be a valid ${issue.format === 'url' ? 'URL such as http://127.0.0.1:8080/v1' : issue.format}`);
        return;
      default:
        invalid(customDetail(field, issue) ?? `${field || 'the file'} is invalid: ${issue.message}`);
    }
  };
  for (const issue of issues) visit(issue, []);
  return problems;
}

/**
 * A path as the file writes it: `ToolsetsSchema` checks `toolsets: { mcp:NAME: ... }` as
 * `toolsets.mcp.NAME`, and errors must point at `toolsets.mcp:NAME`.
 */
function asWritten(path: readonly PropertyKey[]): PropertyKey[] {
  const at = path.findIndex((segment, index) => segment === 'mcp' && path[index - 1] === 'toolsets' && typeof path[index + 1] === 'string');
  return at < 0 ? [...path] : [...path.slice(0, at), `mcp:${String(path[at + 1])}`, ...path.slice(at + 2)];
}

function unknownToolsetHint(name: string, valid: readonly string[]): string {
  const nearest = suggestNearest(name, valid);
  const list = `valid toolsets: ${valid.map((key) => (key === 'mcp' ? 'mcp:NAME' : key)).join(', ')}`;
  return nearest ? `did you mean "${nearest}"? ${list}` : list;
}
