/** Which model a worker runs with (SPEC §4) and whether the worker accepts it. */
import { ProjectError } from "../errors.js";
import { compileFieldGlob } from "../glob/index.js";
import { parseModelId } from "./model-id.js";
/**
 * Picks the model id: `--model` → worker/manifest `model` → `LLM_DO_MODEL`. Empty strings count as
 * unset. The result is validated with {@link parseModelId}.
 *
 * @throws ProjectError `no-model` when none is configured, `invalid-field` when the id is malformed.
 */
export function selectModelId({ cli, worker, env, workerId }) {
    const candidates = [cli, worker, env.LLM_DO_MODEL].map((value) => value?.trim());
    const chosen = candidates.find((value) => value !== undefined && value !== '');
    if (chosen === undefined) {
        throw new ProjectError('no-model', `no model configured for worker ${workerId} (set model: in the worker or project.yaml, pass --model, or set LLM_DO_MODEL)`);
    }
    parseModelId(chosen);
    return chosen;
}
/**
 * Checks a worker's `compatible_models` globs (`src/glob`, `/` an ordinary character, matched against the whole
 * `provider:model` string; `*` also matches `/` and `:` inside model names, braces list choices). No patterns = any model.
 *
 * @param displayPath the worker file as the user would type it, used as the error location.
 * @throws ProjectError `incompatible-model` naming the model, the worker and the patterns.
 */
export function checkCompatibleModel(modelId, patterns, workerId, displayPath) {
    if (patterns === undefined)
        return;
    const location = { file: displayPath, field: 'compatible_models' };
    const matches = patterns.some((pattern) => compileFieldGlob(pattern, { segmented: false }, location).matches(modelId));
    if (matches)
        return;
    throw new ProjectError('incompatible-model', `model ${modelId} is not compatible with worker ${workerId}: compatible_models allows ${patterns.map((p) => JSON.stringify(p)).join(', ')}`, location);
}
