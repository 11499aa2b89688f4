/**
 * Model aliases (docs/models.md): `models: { fast: anthropic:claude-haiku-4-5 }` in the manifest or the
 * user config. A name without a colon (other than `test`) is an alias; its value may name another
 * alias, followed until a `provider:model` id.
 */
import { ProjectError, type SourceLocation } from '../errors.ts';
import { suggestionClause, suggestNearest } from '../worker-file/suggest.ts';
import type { ModelAliases } from '../worker-file/schema.ts';
import { parseModelId, TEST_MODEL_ID } from './model-id.ts';
import { bundledPrices } from './prices.ts';

/** A model name as configured, and the `provider:model` id it stands for. */
export interface ResolvedModelName {
  id: string;
  /** The alias the name was (its first link), when it was one. */
  alias?: string;
}

/** Whether `name` is an alias rather than `provider:model` or `test`. */
export function isModelAlias(name: string): boolean {
  return name !== TEST_MODEL_ID && !name.includes(':');
}

/**
 * Follows `name` through `aliases` to a validated `provider:model` id.
 *
 * @param what names where the name was found in messages (`worker main`, `fallback_models of worker main`).
 * @throws ProjectError `unknown-model` (with a did-you-mean), `alias-cycle` naming the chain, `invalid-field`.
 * @example resolveModelName('fast', { fast: 'anthropic:claude-haiku-4-5' }, 'worker main') // { id: 'anthropic:claude-haiku-4-5', alias: 'fast' }
 */
export function resolveModelName(
  name: string,
  aliases: Readonly<ModelAliases>,
  what: string,
  location: SourceLocation = { field: 'model' },
): ResolvedModelName {
  const chain: string[] = [];
  let current = name.trim();
  while (isModelAlias(current)) {
    if (chain.includes(current)) {
      throw new ProjectError(
        'alias-cycle',
        `model alias ${[...chain, current].join(' → ')} (${what}) is a cycle; make one of them name a provider:model id`,
        location,
      );
    }
    chain.push(current);
    if (!Object.hasOwn(aliases, current)) {
      throw unknownName(current, chain, aliases, what, location);
    }
    current = aliases[current]!.trim();
  }
  parseModelId(current);
  return chain.length > 0 ? { id: current, alias: chain[0]! } : { id: current };
}

/** `gpt-4o` alone most likely means the known `openai:gpt-4o`. */
function knownModelNamed(name: string): string | undefined {
  return Object.keys(bundledPrices()).find((id) => id.slice(id.indexOf(':') + 1) === name);
}

function unknownName(name: string, chain: readonly string[], aliases: Readonly<ModelAliases>, what: string, location: SourceLocation): ProjectError {
  const names = Object.keys(aliases);
  const known = knownModelNamed(name);
  const clause =
    known !== undefined && suggestNearest(name, names) === undefined
      ? `(did you mean "${known}"?)`
      : names.length === 0
        ? '(no aliases are defined: add them under models: in project.yaml or $LLM_DO_HOME/config.yaml)'
        : suggestionClause(name, names, 'aliases');
  const via = chain.length > 1 ? ` (via ${chain.join(' → ')})` : '';
  return new ProjectError(
    'unknown-model',
    `unknown model or alias "${name}"${via} for ${what}: expected provider:model, test, or an alias ${clause}`,
    location,
  );
}
