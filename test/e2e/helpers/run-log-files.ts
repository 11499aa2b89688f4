import fs from 'node:fs';
import path from 'node:path';
import { decodeJournalLine } from '../../../src/run-log/journal-line.ts';

/** The run log's files in `home`: `runs.db`, its `-wal` and `-shm`, and the run journals not recorded yet (`runs.db.pending/`). */
export function runLogFiles(home: string): string[] {
  return fs
    .readdirSync(home, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.startsWith('runs.db'))
    .map((name) => path.join(home, name))
    .filter((file) => fs.statSync(file).isFile());
}

/** What a run journal keeps, its lines decompressed (src/run-log/journal-line.ts), as text. */
export function journalText(file: string): string {
  return fs.readFileSync(file, 'utf8').split('\n').map(decodeJournalLine).join('\n');
}
