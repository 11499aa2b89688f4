/** Opening the run log: creation, WAL, owner-only files, and refusing a corrupt or newer log with the way out. */
import fs from 'node:fs';
import Database from 'libsql';
import { describe, expect, test } from 'vitest';
import { openRunDatabase } from '../../src/store/database.ts';
import { pragmaNumber } from '../../src/store/transaction.ts';
import { SCHEMA_VERSION } from '../../src/store/schema.ts';
import { rejection } from '../project/fixture.ts';
import { tempLog } from './helpers.ts';

describe('openRunDatabase', () => {
  test('creates the log owner-only, in WAL mode, at the current schema version; reopening keeps it', () => {
    const file = tempLog();
    const db = openRunDatabase(file);
    expect(pragmaNumber(db, 'user_version')).toBe(SCHEMA_VERSION);
    expect(db.prepare('PRAGMA journal_mode').raw().all()).toEqual([['wal']]);
    expect(pragmaNumber(db, 'busy_timeout')).toBeGreaterThanOrEqual(5000);
    db.prepare(`INSERT INTO runs (id, project, project_root, entry, options, status, started_at, pid, host) VALUES ('r', 'p', '/p', 'main', '{}', 'ok', 'now', 1, 'h')`).run();
    db.close();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = openRunDatabase(file);
    expect(again.prepare('SELECT id FROM runs').raw().all()).toEqual([['r']]);
    again.close();
  });

  test.each([
    ['garbage bytes', (file: string) => fs.writeFileSync(file, 'not sqlite at all '.repeat(100)), /file is not a database/],
    [
      'a newer schema',
      (file: string) => {
        const db = new Database(file);
        db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
        db.close();
      },
      /written by a newer llm-do \(schema version \d+; this one knows up to \d+\)/,
    ],
  ])('refuses %s, naming the file, --no-log and moving the file aside', async (_name, prepare, reason) => {
    const file = tempLog();
    prepare(file);
    const error = await rejection(Promise.resolve().then(() => openRunDatabase(file)));
    expect(error).toMatchObject({ kind: 'project', code: 'run-log-unusable', location: { file } });
    expect(error.message).toMatch(reason);
    expect(error.message).toContain(`${file}: cannot use the run log`);
    expect(error.message).toContain('--no-log');
    expect(error.message).toContain(`mv ${file} ${file}.old`);
  });
});
