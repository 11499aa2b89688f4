/** Inputs of {@link selectModelId}, highest precedence first. */
export interface SelectModelInput {
    /** `--model` from the command line: applies to every worker of the run. */
    cli?: string;
    /** The worker's `model`, already merged with the manifest's `model` by the project layer. */
    worker?: string;
    /** Environment, for `LLM_DO_MODEL`. */
    env: Record<string, string | undefined>;
    /** Worker id, for the error message. */
    workerId: string;
}
/**
 * Picks the model id: `--model` → worker/manifest `model` → `LLM_DO_MODEL`. Empty strings count as
 * unset. The result is validated with {@link parseModelId}.
 *
 * @throws ProjectError `no-model` when none is configured, `invalid-field` when the id is malformed.
 */
export declare function selectModelId({ cli, worker, env, workerId }: SelectModelInput): string;
/**
 * Checks a worker's `compatible_models` globs (`src/glob`, `/` an ordinary character, matched against the whole
 * `provider:model` string; `*` also matches `/` and `:` inside model names, braces list choices). No patterns = any model.
 *
 * @param displayPath the worker file as the user would type it, used as the error location.
 * @throws ProjectError `incompatible-model` naming the model, the worker and the patterns.
 */
export declare function checkCompatibleModel(modelId: string, patterns: readonly string[] | undefined, workerId: string, displayPath?: string): void;
