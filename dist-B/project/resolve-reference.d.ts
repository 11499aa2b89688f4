import { type SourceLocation } from '../errors.ts';
import type { FileSystem } from '../sandbox/file-system.ts';
import { type Scope } from './scope.ts';
/** A reference resolved to a file. */
export interface LocatedWorker {
    scope: Scope;
    file: string;
    /** Id inside its scope (without the library prefix). */
    localId: string;
}
/** What resolution needs besides the scope. */
export interface ResolutionEnv {
    fs: FileSystem;
    /** The scope of a library the project has loaded (closure), by name. */
    library(name: string): Scope | undefined;
    builtin?: Scope;
}
/** Resolves `ref` as seen from `scope`. `context` (the referring file and field) goes into errors. */
export declare function locateWorker(env: ResolutionEnv, ref: string, scope: Scope, context?: SourceLocation): Promise<LocatedWorker>;
