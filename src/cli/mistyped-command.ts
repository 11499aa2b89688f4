/**
 * `llm-do chekc`: commander takes an unknown word for the TARGET of a run, so a mistyped command
 * would only be "not a file, directory or worker". When the word is none of those but is close to
 * a command, the error says which command was likely meant.
 */
import { ProjectError, UsageError } from '../errors.ts';
import { detectTarget } from '../project/target.ts';
import { createNodeFileSystem } from '../sandbox/node-file-system.ts';
import { suggestNearest } from '../worker-file/suggest.ts';
import type { CliIO } from './io.ts';

/** The usage error for a TARGET that is a mistyped command, else undefined (the target goes on to be run). */
export async function mistypedCommand(target: string | undefined, commands: readonly string[], io: CliIO): Promise<UsageError | undefined> {
  if (target === undefined || !/^[a-z][a-z-]*$/.test(target)) return undefined;
  const nearest = suggestNearest(target, commands);
  if (nearest === undefined) return undefined;
  try {
    await detectTarget(target, { fs: createNodeFileSystem(), cwd: io.cwd, env: io.env, homeDir: io.homeDir });
    return undefined;
  } catch (error) {
    if (!ProjectError.isInstance(error) || (error.code !== 'worker-not-found' && error.code !== 'file-not-found')) return undefined;
    return new UsageError(`unknown command "${target}" (did you mean "${nearest}"?); as a TARGET it fails too: ${error.detail}`);
  }
}
