import { type FileSystem } from '../sandbox/file-system.ts';
import { ProjectError, type SourceLocation } from '../errors.ts';
import type { WorkerEntry } from './types.ts';
/** Directories never scanned. */
export declare const ALWAYS_SKIPPED: Set<string>;
/** Default `workers.include`: every worker file under the workers root. */
export declare const DEFAULT_INCLUDE: string[];
/** What to scan. */
export interface ScanOptions {
    /** Workers root relative to `root`. @default 'workers' */
    workersRoot?: string;
    /** Globs relative to the workers root. @default DEFAULT_INCLUDE */
    include?: string[];
    /** Globs relative to the workers root. @default [] */
    exclude?: string[];
    /** Prefix of every id (`utils:` for a library). @default '' */
    idPrefix?: string;
    /** Prefix of every display path (`utils:` for a library). @default '' */
    displayPrefix?: string;
}
/**
 * A matcher of paths relative to the workers root that any of `patterns` matches (`workers.include`
 * or `workers.exclude`, the syntax of `src/glob`). A malformed pattern is a ProjectError at `location`.
 */
export declare function compileWorkerGlobs(patterns: readonly string[], location: SourceLocation): (path: string) => boolean;
/**
 * Every worker file under `root`, sorted by id then path. Two files may share an id (the caller
 * reports that as ambiguity).
 */
export declare function scanWorkerFiles(fs: FileSystem, root: string, options?: ScanOptions): Promise<WorkerEntry[]>;
/** Ids defined by more than one scanned file, each with its files' display paths (linear: one pass). */
export declare function duplicateIds(entries: readonly WorkerEntry[]): Map<string, string[]>;
/** `ambiguous worker id X: A and B both define it; rename or remove one`. */
export declare function ambiguityError(id: string, displayPaths: readonly string[]): ProjectError;
