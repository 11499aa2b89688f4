/** Globs written in worker files and manifests: a malformed one is a ProjectError naming the field. */
import { type SourceLocation } from '../errors.ts';
import { type GlobMatcher, type GlobOptions } from './compile.ts';
/**
 * {@link compileGlob} for a pattern found at `location` (a file and field such as `compatible_models`).
 * @throws ProjectError `invalid-field` at `location`, e.g. `main.worker: invalid pattern "a[": "[" is not closed`
 */
export declare function compileFieldGlob(pattern: string, options: GlobOptions, location: SourceLocation): GlobMatcher;
