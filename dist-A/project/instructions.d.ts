import type { FileSystem } from '../sandbox/file-system.ts';
/** Suffixes of instruction files, in lookup order. */
export declare const INSTRUCTION_SUFFIXES: readonly [".jinja2", ".j2", ".jinja", ".txt", ".md"];
/** Found instructions: the text and the display path of its file. */
export interface FoundInstructions {
    text: string;
    displayPath: string;
}
/**
 * Reads the instructions of worker `localId` from `root`'s `prompts/` or `templates/`.
 * Throws `file-not-found` naming every place looked when there are none.
 */
export declare function findInstructions(fs: FileSystem, root: string, localId: string, workerDisplayPath: string, displayPrefix?: string): Promise<FoundInstructions>;
