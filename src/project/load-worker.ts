/** Loads one located worker file into a {@link WorkerDefinition}: parse, name = id, instructions, inherited config. */
import { posix } from 'node:path';
import { ProjectError } from '../errors.ts';
import type { FileSystem } from '../sandbox/file-system.ts';
import type { Manifest } from '../worker-file/schema.ts';
import { loadWorkerFile } from '../worker-file/index.ts';
import { findInstructions } from './instructions.ts';
import { mergeWorkerConfig } from './merge-config.ts';
import type { LocatedWorker } from './resolve-reference.ts';
import { fullId } from './scope.ts';
import type { WorkerDefinition } from './types.ts';
import { relativePath } from './paths.ts';
import { isDirectoryForm } from './worker-ids.ts';

/**
 * Loads `located`. `manifest` is the consuming project's manifest: its defaults apply to library
 * and built-in workers too (a library worker without a model uses the project's, docs/project.md).
 */
export async function loadWorkerDefinition(fs: FileSystem, located: LocatedWorker, manifest: Manifest | undefined): Promise<WorkerDefinition> {
  const { scope, file, localId } = located;
  const relative = relativePath(scope.root, file);
  const displayPath = scope.displayPrefix + relative;
  const parsed = await loadWorkerFile(fs, file, displayPath);
  if (parsed.config.name !== localId) {
    throw new ProjectError(
      'name-mismatch',
      `name "${parsed.config.name}" does not match the worker's id "${localId}" (a worker's name must equal the id derived from its path)`,
      { file: displayPath, field: 'name' },
    );
  }
  const instructions =
    parsed.instructions !== undefined
      ? { text: parsed.instructions, displayPath, lineOffset: parsed.instructionsLineOffset }
      : { ...(await findInstructions(fs, scope.root, localId, displayPath, scope.displayPrefix)), lineOffset: 0 };
  const definition: WorkerDefinition = {
    id: fullId(scope, localId),
    file,
    displayPath,
    dir: posix.dirname(file),
    directoryForm: isDirectoryForm(relative, scope.workersRoot),
    config: mergeWorkerConfig(manifest, parsed.config),
    instructions: instructions.text,
    instructionsFile: instructions.displayPath,
    instructionsLineOffset: instructions.lineOffset,
  };
  if (parsed.config.toolsets) definition.ownToolsets = parsed.config.toolsets;
  if (scope.library) definition.library = scope.library;
  if (scope.kind === 'builtin') definition.builtin = true;
  return definition;
}
