/**
 * Reads a project file (worker, manifest, template, schema) through the FileSystem, with a size cap
 * and errors that name the file as the user knows it.
 */
import type { FileSystem } from '../sandbox/file-system.ts';
import { isNotFound } from '../sandbox/file-system.ts';
import { ProjectError } from '../errors.ts';

/** Largest project file llm-do reads: 1 MiB. */
export const MAX_PROJECT_FILE_BYTES = 1024 * 1024;

/**
 * Reads `hostPath` as UTF-8 text, without a leading BOM and with CRLF line ends turned into LF.
 * Throws ProjectError `file-not-found` when it is missing or not a file, `file-too-large` over 1 MiB.
 */
export async function readProjectText(fs: FileSystem, hostPath: string, displayPath: string): Promise<string> {
  const stat = await fs.stat(hostPath);
  if (!stat) throw new ProjectError('file-not-found', 'file not found', { file: displayPath });
  if (stat.kind !== 'file') throw new ProjectError('file-not-found', `expected a file, found a ${stat.kind}`, { file: displayPath });
  if (stat.size > MAX_PROJECT_FILE_BYTES) {
    throw new ProjectError('file-too-large', `file is ${stat.size} bytes; project files may be at most ${MAX_PROJECT_FILE_BYTES} bytes (1 MiB)`, {
      file: displayPath,
    });
  }
  let text: string;
  try {
    text = await fs.readText(hostPath);
  } catch (error) {
    if (isNotFound(error)) throw new ProjectError('file-not-found', 'file not found', { file: displayPath });
    const code = (error as { code?: unknown }).code ?? 'unknown error';
    throw new ProjectError('file-not-found', `cannot read the file (${String(code)})`, { file: displayPath }, { cause: error });
  }
  return normalizeText(text);
}

/** Strips a leading BOM and turns CRLF line ends into LF. */
export function normalizeText(text: string): string {
  return (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/\r\n/g, '\n');
}
