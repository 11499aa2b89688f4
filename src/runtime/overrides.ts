/** `--set KEY=VALUE`: overrides of the entry worker's fields, validated like the worker file. */
import { parse as parseYaml } from 'yaml';
import { ProjectError, UsageError } from '../errors.ts';
import type { WorkerDefinition } from '../project/types.ts';
import { describeIssues } from '../worker-file/config-issues.ts';
import { WorkerConfigSchema } from '../worker-file/schema.ts';

export interface ConfigOverride {
  /** Dotted field path, e.g. `attachment_policy.max_attachments`. */
  path: string;
  value: unknown;
}

/** Parses `KEY=VALUE` (VALUE is YAML: `5`, `true`, `[a, b]`, `{x: 1}`, or plain text). */
export function parseOverride(text: string): ConfigOverride {
  const equals = text.indexOf('=');
  const path = equals > 0 ? text.slice(0, equals).trim() : '';
  if (!/^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/.test(path)) {
    throw new UsageError(`--set expects KEY=VALUE with a dotted field path, e.g. --set attachment_policy.max_attachments=5; got "${text}"`);
  }
  const raw = text.slice(equals + 1);
  let value: unknown;
  try {
    value = parseYaml(raw);
  } catch {
    value = raw;
  }
  return { path, value: value === null && raw.trim() === '' ? '' : value };
}

/** A copy of `definition` with the overrides applied (last wins); the result must validate. */
export function applyOverrides(definition: WorkerDefinition, overrides: readonly ConfigOverride[]): WorkerDefinition {
  if (overrides.length === 0) return definition;
  const config = structuredClone(definition.config) as Record<string, unknown>;
  for (const { path, value } of overrides) {
    const keys = path.split('.');
    let target = config;
    for (const key of keys.slice(0, -1)) {
      const next = target[key];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) target[key] = {};
      target = target[key] as Record<string, unknown>;
    }
    target[keys[keys.length - 1]!] = value;
  }
  const result = WorkerConfigSchema.safeParse(config);
  if (!result.success) {
    // Worded as for the worker file: the field, the valid values or range, a did-you-mean for a misspelt key.
    const problems = describeIssues(result.error.issues, WorkerConfigSchema, config).map((problem) => problem.detail);
    throw new ProjectError('invalid-field', `--set made worker ${definition.id} invalid: ${problems.join('; ')}`, {
      field: overrides.map((o) => o.path).join(', '),
    });
  }
  return { ...definition, config: result.data };
}
