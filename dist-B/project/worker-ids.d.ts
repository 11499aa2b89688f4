/** Extensions of worker files, in lookup order. */
export declare const WORKER_EXTENSIONS: readonly [".worker", ".yaml", ".yml"];
/** File name of a directory-form worker's definition. */
export declare const DIRECTORY_WORKER_FILE = "worker.worker";
/** The root worker of a project (id `main`). */
export declare const MAIN_WORKER_FILE = "main.worker";
/** The extension of a worker file, or undefined when it is not one. */
export declare function workerExtension(path: string): string | undefined;
/**
 * Canonical id of a worker file from its path relative to the root of its project or library.
 * `workers/reports/summarizer.worker` → `reports/summarizer`; `workers/specialist/worker.worker` →
 * `specialist`; `main.worker` → `main`; a file elsewhere → its relative path without extension.
 */
export declare function workerIdForPath(relativePath: string, workersRoot: string): string;
/** True when the worker file is a directory-form definition (`x/worker.worker` under the workers root). */
export declare function isDirectoryForm(relativePath: string, workersRoot: string): boolean;
/** The files (relative to a base dir) that may define `name`: `name.worker`, `name.yaml`, `name.yml`, `name/worker.worker`. */
export declare function workerFileCandidates(name: string): string[];
