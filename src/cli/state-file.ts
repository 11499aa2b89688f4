/**
 * `--state FILE` (docs/durable-runs.md): the run's state written after every step, so a run can be resumed from
 * the file alone (`llm-do resume --state FILE`), with or without the run log. Each write replaces
 * the file whole (a temp file renamed over it), so a crash mid-write leaves the previous state.
 */
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from '../errors.ts';
import { parseRunSnapshot } from '../runtime/saved-state.ts';
import type { RunSnapshot } from '../runtime/saved-state.ts';
import { printError, type CliIO } from './io.ts';

/** The writer of `file`; refuses at once a file whose directory does not exist. */
export function stateFileWriter(file: string, io: CliIO): (state: RunSnapshot) => void {
  const dir = dirname(file);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--state ${file}: the directory ${dir} does not exist`);
  let failed = false;
  return (state) => {
    if (failed) return;
    const temp = `${file}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, `${JSON.stringify(state)}\n`, { mode: 0o600 });
      renameSync(temp, file);
    } catch (error) {
      failed = true;
      printError(io, `llm-do: warning: could not write the state file ${file} (${(error as Error).message}); the run goes on without it`);
    }
  };
}

/** The state saved in `file`; a UsageError (exit 2) naming the file when it is missing or unusable. */
export function readStateFile(file: string): RunSnapshot {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--state ${file}: cannot read the state file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return parseRunSnapshot(text, `the state file ${file}`);
}
