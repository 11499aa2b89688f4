/**
 * A resolution scope: the project itself, one library, or the built-in workers. References made by
 * a worker resolve in its scope (a library's workers see the library's own workers and its
 * dependencies, not the consuming project's).
 */
import type { LibraryInfo } from './types.ts';
/** Internal: where and how references resolve. */
export interface Scope {
    kind: 'project' | 'library' | 'builtin';
    /** Host root; `./` references and tool/template paths are relative to it. */
    root: string;
    /** `root` with symlinks resolved, for containment checks. */
    realRoot: string;
    /** Workers dir relative to `root`. */
    workersRoot: string;
    /** Prefix of ids (`utils:`) and of display paths (`utils:`, `builtin:`). */
    idPrefix: string;
    displayPrefix: string;
    library?: LibraryInfo;
    /** Direct dependencies, in manifest order. */
    dependencies: readonly LibraryInfo[];
    /** Local ids visible from outside (libraries); undefined = every worker. */
    exports?: ReadonlySet<string>;
    /** Single-file mode: the file and its id. */
    standalone?: {
        file: string;
        id: string;
    };
}
/** The id of a worker in `scope` from its local id. */
export declare function fullId(scope: Scope, localId: string): string;
/** True when a worker of a library scope may be reached from outside it. */
export declare function isExported(scope: Scope, localId: string): boolean;
