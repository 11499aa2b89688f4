/**
 * Loads libsql. Its loader (`@neon-rs/load`) calls `process.report.getReport()` only to learn whether
 * the C library is glibc, to pick its native package; building that report walks the whole process
 * (stacks, heap, handles, shared objects) and cost 6–8 ms of CPU here, a third of what recording a
 * 10-step run costs. So for the time of the (synchronous) require the report is answered with its
 * header's libc alone, read from `/usr/bin/ldd` as detect-libc reads it; when that file does not
 * settle it, libsql gets the real report.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Database from 'libsql';

export type LibsqlDatabase = typeof Database;

const requireHere = createRequire(import.meta.url);

/** libsql's `Database` class, loaded once. */
export function loadLibsql(): LibsqlDatabase {
  const report = process.platform === 'linux' ? process.report : undefined;
  const glibc = report ? libcIsGlibc() : undefined;
  if (!report || glibc === undefined) return requireHere('libsql') as LibsqlDatabase;
  const getReport = report.getReport;
  // `header.glibcVersionRuntime` is all the loader reads.
  report.getReport = () => ({ header: glibc ? { glibcVersionRuntime: 'glibc' } : {} }) as never;
  try {
    return requireHere('libsql') as LibsqlDatabase;
  } finally {
    report.getReport = getReport;
  }
}

/** Whether the C library is glibc (true) or musl (false) by `/usr/bin/ldd`; undefined when that does not say. */
export function libcIsGlibc(lddPath = '/usr/bin/ldd'): boolean | undefined {
  let ldd: string;
  try {
    ldd = readFileSync(lddPath, 'latin1');
  } catch {
    return undefined;
  }
  if (ldd.includes('musl')) return false;
  return ldd.includes('GLIBC') ? true : undefined;
}
