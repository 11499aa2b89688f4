/**
 * Worker files (docs/worker-format.md): `.worker` (front matter + instructions body) and `.yaml`/`.yml` (all fields,
 * `instructions:` optional), plus the loaders of `project.yaml` and `lib.yaml` (docs/project.md).
 */
import { posix } from 'node:path';
import type { FileSystem } from '../sandbox/file-system.ts';
import { ProjectError } from '../errors.ts';
import { LibraryManifestSchema, ManifestSchema, WorkerConfigSchema, type LibraryManifest, type Manifest, type WorkerConfig } from './schema.ts';
import { parseYamlConfig } from './config-file.ts';
import { splitFrontMatter } from './front-matter.ts';
import { normalizeText, readProjectText } from './read-project-file.ts';

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

const INSTRUCTIONS_IN_FRONT_MATTER = 'instructions: is not allowed in the front matter of a .worker file; write the instructions after the closing "---" line';

/** Line offset of a `.yaml` worker's `instructions:` text (the line after `instructions: |`). */
function yamlInstructionsOffset(text: string): number {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => /^instructions:/.test(line));
  if (index === -1) return 0;
  return /^instructions:\s*[|>]/.test(lines[index]!) ? index + 1 : index;
}

/**
 * Parses the text of a worker file. `displayPath` is the file as the user knows it (project-relative).
 * Throws ProjectError (`invalid-yaml`, `unknown-key`, `invalid-field`) with file line and column.
 */
export function parseWorkerSource(text: string, displayPath: string, format: WorkerFormat): ParsedWorker {
  const source = normalizeText(text);
  if (format === 'yaml') {
    const config = parseYamlConfig(source, displayPath, WorkerConfigSchema, { what: 'worker' });
    const hasInstructions = config.instructions !== undefined;
    return {
      config,
      instructions: config.instructions,
      instructionsLineOffset: hasInstructions ? yamlInstructionsOffset(source) : 0,
    };
  }
  const split = splitFrontMatter(source, displayPath);
  const config = parseYamlConfig(split.yaml, displayPath, WorkerConfigSchema, {
    lineOffset: split.yamlLineOffset,
    what: 'worker front matter',
    forbiddenKeys: { instructions: INSTRUCTIONS_IN_FRONT_MATTER },
  });
  return { config, instructions: split.body, instructionsLineOffset: split.bodyLineOffset };
}

/** `worker` for `.worker`, `yaml` for `.yaml`/`.yml`, else `undefined`. */
export function workerFormatOf(path: string): WorkerFormat | undefined {
  const extension = posix.extname(path).toLowerCase();
  if (extension === '.worker') return 'worker';
  if (extension === '.yaml' || extension === '.yml') return 'yaml';
  return undefined;
}

/**
 * Reads and parses a worker file through `fs`; the format comes from the extension.
 * Throws ProjectError for a missing file, a file over 1 MiB, an unknown extension, or invalid content.
 */
export async function loadWorkerFile(fs: FileSystem, hostPath: string, displayPath: string): Promise<ParsedWorker> {
  const format = workerFormatOf(hostPath);
  if (!format) {
    throw new ProjectError('worker-not-found', 'not a worker file: a worker file ends in .worker, .yaml or .yml', {
      file: displayPath,
    });
  }
  return parseWorkerSource(await readProjectText(fs, hostPath, displayPath), displayPath, format);
}

/** Reads and validates `project.yaml` / `llm-do.yaml`. An empty file is an empty manifest. */
export async function loadManifest(fs: FileSystem, hostPath: string, displayPath: string): Promise<Manifest> {
  const text = await readProjectText(fs, hostPath, displayPath);
  return parseYamlConfig(text, displayPath, ManifestSchema, { what: 'project manifest' });
}

/** Reads and validates a library's `lib.yaml` (`name` and `version` are required). */
export async function loadLibraryManifest(fs: FileSystem, hostPath: string, displayPath: string): Promise<LibraryManifest> {
  const text = await readProjectText(fs, hostPath, displayPath);
  return parseYamlConfig(text, displayPath, LibraryManifestSchema, { what: 'library manifest' });
}
