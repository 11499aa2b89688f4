/**
 * The `--models` list of `llm-do eval` (docs/evals.md): model ids or aliases, comma-separated, each
 * optionally labelled (`cheap=openai:gpt-5-mini`). Every name is resolved and its provider checked
 * before anything runs, so a typo is exit 2, not a failed case.
 */
import { isAbsolute, resolve } from 'node:path';
import { UsageError } from '../errors.ts';
import type { ModelConfig } from '../models/model-config.ts';
import { resolveModelName } from '../models/model-aliases.ts';
import { assertKnownProvider } from '../models/registry.ts';

/** One model of an eval: what reports call it, and the `provider:model` id it runs. */
export interface EvalModel {
  label: string;
  model: string;
}

/**
 * `scripted:FILE` with FILE made absolute against `base`, since the eval runs in copies of the project.
 * Other ids as they are.
 */
export function anchorScript(id: string, base: string): string {
  const file = id.startsWith('scripted:') ? id.slice('scripted:'.length) : undefined;
  return file === undefined || isAbsolute(file) ? id : `scripted:${resolve(base, file)}`;
}

/**
 * @param cwd what a `scripted:FILE` of the list is relative to
 * @throws UsageError naming the entry of `--models` that is malformed, unknown or repeated
 */
export function parseModelList(list: string, config: Pick<ModelConfig, 'aliases' | 'providers'>, cwd: string): EvalModel[] {
  const entries = list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0)
    throw new UsageError('--models needs at least one model id or alias, e.g. --models cheap=openai:gpt-5-mini,anthropic:claude-sonnet-4-5');
  const models = entries.map((entry) => {
    const equals = entry.indexOf('=');
    const label = equals >= 0 ? entry.slice(0, equals).trim() : entry;
    const name = equals >= 0 ? entry.slice(equals + 1).trim() : entry;
    if (label === '' || name === '') throw new UsageError(`--models: "${entry}" needs a label and a model, as LABEL=MODEL (or just MODEL)`);
    try {
      const { id } = resolveModelName(name, config.aliases, `--models ${entry}`);
      assertKnownProvider(id, '--models', config.providers, '--models');
      return { label, model: anchorScript(id, cwd) };
    } catch (error) {
      throw new UsageError(`--models: ${(error as Error).message}`);
    }
  });
  const labels = models.map((model) => model.label);
  const repeated = labels.find((label, index) => labels.indexOf(label) !== index);
  if (repeated !== undefined) throw new UsageError(`--models: the label "${repeated}" is given twice; give each model its own label (LABEL=MODEL)`);
  return models;
}
