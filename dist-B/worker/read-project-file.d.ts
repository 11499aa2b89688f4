/**
 * Reads a project file (worker, manifest, template, schema) through the FileSystem, with a size cap
 * and errors that name the file as the user knows it.
 */
import type { FileSystem } from '../sandbox/file-system.ts';
/** Largest project file llm-do reads: 1 MiB. */
export declare const MAX_PROJECT_FILE_BYTES: number;
/**
 * Reads `hostPath` as UTF-8 text, without a leading BOM and with CRLF line ends turned into LF.
 * Throws ProjectError `file-not-found` when it is missing or not a file, `file-too-large` over 1 MiB.
 */
export declare function readProjectText(fs: FileSystem, hostPath: string, displayPath: string): Promise<string>;
/** Strips a leading BOM and turns CRLF line ends into LF. */
export declare function normalizeText(text: string): string;
