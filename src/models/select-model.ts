/** Which model a worker runs with (docs/models.md) and whether the worker accepts it. */
import { ProjectError } from '../errors.ts';
import { compileFieldGlob } from '../glob/index.ts';
import type { ModelAliases } from '../worker-file/schema.ts';
import { resolveModelName, type ResolvedModelName } from './model-aliases.ts';

/** Inputs of {@link selectModelId}, highest precedence first. */
export interface SelectModelInput {
  /** `--model` from the command line: applies to every worker of the run. */
  cli?: string;
  /** The worker's `model`, already merged with the manifest's `model` by the project layer. */
  worker?: string;
  /** Environment, for `LLM_DO_MODEL`. */
  env: Record<string, string | undefined>;
  /** The user config's `model` (`$LLM_DO_HOME/config.yaml`): the last resort. */
  userDefault?: string;
  /** Aliases of the manifest and the user config. @default {} */
  aliases?: ModelAliases;
  /** Worker id, for the error message. */
  workerId: string;
}

/**
 * Picks the model: `--model` → worker/manifest `model` → `LLM_DO_MODEL` → the user config's `model`
 * (the environment is the more specific setting, as with API keys). Empty strings count as unset.
 * An alias is followed to its `provider:model` id, which is validated.
 *
 * @throws ProjectError `no-model` when none is configured, `unknown-model`/`alias-cycle` for a bad
 * alias, `invalid-field` when the id is malformed.
 */
export function selectModelId({ cli, worker, env, userDefault, aliases = {}, workerId }: SelectModelInput): ResolvedModelName {
  const candidates = [cli, worker, env.LLM_DO_MODEL, userDefault].map((value) => value?.trim());
  const chosen = candidates.find((value): value is string => value !== undefined && value !== '');
  if (chosen === undefined) {
    throw new ProjectError(
      'no-model',
      `no model configured for worker ${workerId} (set model: in the worker, project.yaml or $LLM_DO_HOME/config.yaml, pass --model, or set LLM_DO_MODEL)`,
    );
  }
  return resolveModelName(chosen, aliases, `worker ${workerId}`);
}

/**
 * Checks a worker's `compatible_models` globs (`src/glob`, `/` an ordinary character, matched against the whole
 * `provider:model` string; `*` also matches `/` and `:` inside model names, braces list choices). No patterns = any model.
 *
 * @param displayPath the worker file as the user would type it, used as the error location.
 * @throws ProjectError `incompatible-model` naming the model, the worker and the patterns.
 */
export function checkCompatibleModel(modelId: string, patterns: readonly string[] | undefined, workerId: string, displayPath?: string): void {
  if (patterns === undefined) return;
  const location = { file: displayPath, field: 'compatible_models' };
  const matches = patterns.some((pattern) => compileFieldGlob(pattern, { segmented: false }, location).matches(modelId));
  if (matches) return;
  throw new ProjectError(
    'incompatible-model',
    `model ${modelId} is not compatible with worker ${workerId}: compatible_models allows ${patterns.map((p) => JSON.stringify(p)).join(', ')}`,
    location,
  );
}
