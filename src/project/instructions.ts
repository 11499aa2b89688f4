/**
 * Instructions of a `.yaml` worker without an `instructions:` field (docs/worker-format.md): the first of
 * `prompts/<id>.{jinja2,j2,jinja,txt,md}`, then `templates/<id>.{...}`, relative to its root.
 */
import { posix } from 'node:path';
import { ProjectError } from '../errors.ts';
import type { FileSystem } from '../sandbox/file-system.ts';
import { existingFiles } from './paths.ts';

/** Suffixes of instruction files, in lookup order. */
export const INSTRUCTION_SUFFIXES = ['.jinja2', '.j2', '.jinja', '.txt', '.md'] as const;

/** Found instructions: the text and the display path of its file. */
export interface FoundInstructions {
  text: string;
  displayPath: string;
}

/**
 * Reads the instructions of worker `localId` from `root`'s `prompts/` or `templates/`.
 * Throws `file-not-found` naming every place looked when there are none.
 */
export async function findInstructions(
  fs: FileSystem,
  root: string,
  localId: string,
  workerDisplayPath: string,
  displayPrefix = '',
): Promise<FoundInstructions> {
  const relatives = ['prompts', 'templates'].flatMap((dir) => INSTRUCTION_SUFFIXES.map((suffix) => `${dir}/${localId}${suffix}`));
  const [first] = await existingFiles(
    fs,
    relatives.map((rel) => posix.join(root, rel)),
  );
  if (first === undefined) {
    throw new ProjectError(
      'file-not-found',
      `no instructions for worker ${localId}: add an instructions: field or create prompts/${localId}.jinja2 (or .j2, .jinja, .txt, .md; or the same under templates/)`,
      { file: workerDisplayPath, field: 'instructions' },
    );
  }
  return { text: await fs.readText(first), displayPath: displayPrefix + posix.relative(root, first) };
}
