/**
 * Loads libsql when the run log is first opened, not when this module is: a command that never
 * opens the log (a `run` writes a journal, docs/runs.md) does not pay for its native module.
 */
import { createRequire } from 'node:module';
import type Database from 'libsql';

export type LibsqlDatabase = typeof Database;

const requireHere = createRequire(import.meta.url);

/** libsql's `Database` class (Node caches the module after the first call). */
export function loadLibsql(): LibsqlDatabase {
  return requireHere('libsql') as LibsqlDatabase;
}
