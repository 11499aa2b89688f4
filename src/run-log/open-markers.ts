/**
 * Who has the run log open: each process that opens `runs.db` leaves a marker file in
 * `runs.db.open/` and removes it when it closes the log or exits. A marker whose process is gone
 * (killed, crashed, power lost) says the last writer did not close cleanly, which is when the log
 * is worth SQLite's `quick_check` (`database.ts`): a bounded check after a bad end, never one on
 * every command.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { processGone } from './liveness.ts';

/** The directory of the markers of the log at `file`. */
function markerDirectory(file: string): string {
  return `${file}.open`;
}

/** The markers of the log at `file` whose process (on this host) is gone. */
export function staleOpenMarkers(file: string): string[] {
  const directory = markerDirectory(file);
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names.filter((name) => ownerGone(name)).map((name) => join(directory, name));
}

/** A marker is named `<pid>.<random>.<host>`; one not so named is no marker of llm-do's and is left alone. */
function ownerGone(name: string): boolean {
  const [pid, random, ...host] = name.split('.');
  if (!/^\d+$/.test(pid ?? '') || random === undefined || host.length === 0) return false;
  return processGone({ pid: Number(pid), host: decodeURIComponent(host.join('.')) });
}

/** Leaves this process's marker for the log at `file`; returns what removes it (also run when the process exits). */
export function markOpen(file: string): () => void {
  const directory = markerDirectory(file);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const marker = join(directory, `${process.pid}.${randomBytes(4).toString('hex')}.${encodeURIComponent(hostname())}`);
  writeFileSync(marker, '', { mode: 0o600, flag: 'wx' });
  const release = () => {
    process.removeListener('exit', release);
    removeMarkers([marker]);
  };
  process.once('exit', release);
  return release;
}

/** Removes markers (another process may have removed one first). */
export function removeMarkers(markers: readonly string[]): void {
  for (const marker of markers) {
    try {
      unlinkSync(marker);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
