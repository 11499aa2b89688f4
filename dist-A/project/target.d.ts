import type { FileSystem } from '../sandbox/file-system.ts';
/** What to load: a project root, plus the worker file the user named (project mode) or the standalone file. */
export interface DetectedTarget {
    root: string;
    /** Single-file mode: the file stands alone (root is its directory). */
    standaloneFile?: string;
    /** Project mode with a worker file named on the command line. */
    workerFile?: string;
}
/** Inputs of {@link detectTarget}. */
export interface DetectTargetOptions {
    fs: FileSystem;
    cwd: string;
    /** `--project DIR` (else `LLM_DO_PROJECT`). */
    project?: string;
    /** `--no-project`. */
    noProject?: boolean;
    env: Record<string, string | undefined>;
    homeDir: string;
}
/** True when `dir` has `main.worker` or a manifest. */
export declare function isProjectDir(fs: FileSystem, dir: string): Promise<boolean>;
/** Works out the project root and worker file for a command-line target. */
export declare function detectTarget(target: string | undefined, options: DetectTargetOptions): Promise<DetectedTarget>;
