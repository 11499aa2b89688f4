/** Globs written in worker files and manifests: a malformed one is a ProjectError naming the field. */
import { ProjectError } from "../errors.js";
import { compileGlob } from "./compile.js";
import { GlobSyntaxError } from "./syntax.js";
/**
 * {@link compileGlob} for a pattern found at `location` (a file and field such as `compatible_models`).
 * @throws ProjectError `invalid-field` at `location`, e.g. `main.worker: invalid pattern "a[": "[" is not closed`
 */
export function compileFieldGlob(pattern, options, location) {
    try {
        return compileGlob(pattern, options);
    }
    catch (error) {
        if (error instanceof GlobSyntaxError)
            throw new ProjectError('invalid-field', error.message, location);
        throw error;
    }
}
