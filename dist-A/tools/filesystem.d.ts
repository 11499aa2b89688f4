import type { Sandbox } from '../sandbox/types.ts';
import type { FilesystemToolsetConfig } from '../worker/schema.ts';
import type { ToolContext, ToolsetTool } from './types.ts';
/** At most this many paths are returned by one `list_files` call. */
export declare const LIST_FILES_LIMIT = 1000;
/** Default `max_chars` of `read_file`. */
export declare const READ_FILE_DEFAULT_MAX_CHARS = 200000;
/** Hard limit of `read_file`: a larger `max_chars` is clamped to it. */
export declare const READ_FILE_MAX_CHARS = 1000000;
/** `edit_file` edits files up to this size; larger ones are rewritten with `write_file`. */
export declare const EDIT_FILE_MAX_BYTES: number;
/** Longest `old` text `edit_file` accepts. */
export declare const EDIT_FILE_MAX_OLD_CHARS = 100000;
/** Longest `new` text `edit_file` accepts. */
export declare const EDIT_FILE_MAX_NEW_CHARS = 1000000;
/**
 * The calling worker's sandbox, or a ToolError the model sees when the worker has no file access.
 * Shared by every tool that touches files (the shell tool uses it for its working directory).
 */
export declare function requireSandbox(context: ToolContext, tool: string): Sandbox;
/** Result of `list_files`: the virtual paths, and a note when some were left out. */
export interface ListFilesResult {
    files: string[];
    note?: string;
}
/** The tools that change files: not offered to a worker whose sandbox is entirely read-only. */
export declare const FILESYSTEM_WRITE_TOOLS: readonly string[];
/**
 * The six `filesystem` tools. Reads (`list_files`, `read_file`, `file_info`) are pre-approved by
 * default; `write_file`, `edit_file` and `delete_file` ask. `config.approval` is not applied here:
 * the caller resolves it against each tool's `defaultRule` when building the toolbox (SPEC §6).
 * With `writable: false` (every mount the worker sees is read-only) the write tools are left out,
 * so the model is not offered calls that can only fail.
 *
 * @example
 * const tools = createFilesystemToolset();
 * await tools.find((t) => t.name === 'read_file')!.execute({ path: '/input/a.md' }, context);
 */
export declare function createFilesystemToolset(config?: FilesystemToolsetConfig, options?: {
    writable?: boolean;
}): ToolsetTool[];
