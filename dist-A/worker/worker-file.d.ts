import type { FileSystem } from '../sandbox/file-system.ts';
import { type LibraryManifest, type Manifest, type WorkerConfig } from './schema.ts';
/** A worker file's fields and instructions. */
export interface ParsedWorker {
    /** The validated fields. For a `.worker` file `config.instructions` is never set. */
    config: WorkerConfig;
    /**
     * The instructions template: a `.worker` file's body (leading blank lines removed; `''` when empty),
     * a `.yaml` worker's `instructions:`, or `undefined` when a `.yaml` worker has none (the project
     * layer then looks in `prompts/` and `templates/`).
     */
    instructions: string | undefined;
    /**
     * File lines before the instructions' first line, so template errors can report file lines
     * (pass it as `lineOffset` to the template renderer). 0 when unknown.
     */
    instructionsLineOffset: number;
}
/** The file formats a worker can be written in. */
export type WorkerFormat = 'worker' | 'yaml';
/**
 * Parses the text of a worker file. `displayPath` is the file as the user knows it (project-relative).
 * Throws ProjectError (`invalid-yaml`, `unknown-key`, `invalid-field`) with file line and column.
 */
export declare function parseWorkerSource(text: string, displayPath: string, format: WorkerFormat): ParsedWorker;
/** `worker` for `.worker`, `yaml` for `.yaml`/`.yml`, else `undefined`. */
export declare function workerFormatOf(path: string): WorkerFormat | undefined;
/**
 * Reads and parses a worker file through `fs`; the format comes from the extension.
 * Throws ProjectError for a missing file, a file over 1 MiB, an unknown extension, or invalid content.
 */
export declare function loadWorkerFile(fs: FileSystem, hostPath: string, displayPath: string): Promise<ParsedWorker>;
/** Reads and validates `project.yaml` / `llm-do.yaml`. An empty file is an empty manifest. */
export declare function loadManifest(fs: FileSystem, hostPath: string, displayPath: string): Promise<Manifest>;
/** Reads and validates a library's `lib.yaml` (`name` and `version` are required). */
export declare function loadLibraryManifest(fs: FileSystem, hostPath: string, displayPath: string): Promise<LibraryManifest>;
