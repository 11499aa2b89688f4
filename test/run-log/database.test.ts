/** Opening the run log: creation, WAL, owner-only files, and refusing a corrupt or newer log with the way out (so does the check a run makes before it starts). */
import fs from 'node:fs';
import Database from 'libsql';
import { describe, expect, test } from 'vitest';
import { openRunDatabase } from '../../src/run-log/database.ts';
import { prepareRunLogFile } from '../../src/run-log/run-log-file.ts';
import { pragmaNumber } from '../../src/run-log/transaction.ts';
import { SCHEMA_VERSION } from '../../src/run-log/schema.ts';
import { rejection } from '../project/fixture.ts';
import { tempLog } from './helpers.ts';

describe('openRunDatabase', () => {
  test('prepareRunLogFile, the check a run makes instead, creates the directory and an empty owner-only file, and accepts a log it made before', () => {
    const file = `${tempLog().slice(0, -'runs.db'.length)}deeper/runs.db`;
    prepareRunLogFile(file);
    expect(fs.statSync(file).size).toBe(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    openRunDatabase(file).close();
    expect(() => prepareRunLogFile(file)).not.toThrow();
  });

  test('closing moves the write-ahead log into the database, also while a prepared statement is alive, unless another connection is using the log', () => {
    const file = tempLog();
    const db = openRunDatabase(file);
    const insert = db.prepare(
      `INSERT INTO runs (id, project, project_root, entry, options, status, started_at, pid, host) VALUES (?, 'p', '/p', 'main', '{}', 'ok', 'now', 1, 'h')`,
    );
    for (let index = 0; index < 50; index++) insert.run(`r${index}`);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
    db.close();
    expect(fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0).toBe(0);

    // Another process reading: closing does not wait for it, and nothing is lost.
    const first = openRunDatabase(file);
    const reader = openRunDatabase(file);
    first
      .prepare(
        `INSERT INTO runs (id, project, project_root, entry, options, status, started_at, pid, host) VALUES ('late', 'p', '/p', 'main', '{}', 'ok', 'now', 1, 'h')`,
      )
      .run();
    reader.exec('BEGIN');
    expect(reader.prepare('SELECT count(*) AS n FROM runs').get()).toMatchObject({ n: 51 });
    first.close();
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
    reader.exec('COMMIT');
    reader.close();
    const again = openRunDatabase(file);
    expect(again.prepare('PRAGMA journal_mode').raw().all()).toEqual([['wal']]);
    expect(again.prepare('SELECT count(*) AS n FROM runs').get()).toMatchObject({ n: 51 });
    again.close();
  });

  test('creates the log owner-only, in WAL mode, at the current schema version; reopening keeps it', () => {
    const file = tempLog();
    const db = openRunDatabase(file);
    expect(pragmaNumber(db, 'user_version')).toBe(SCHEMA_VERSION);
    expect(db.prepare('PRAGMA journal_mode').raw().all()).toEqual([['wal']]);
    expect(pragmaNumber(db, 'busy_timeout')).toBeGreaterThanOrEqual(5000);
    db.prepare(
      `INSERT INTO runs (id, project, project_root, entry, options, status, started_at, pid, host) VALUES ('r', 'p', '/p', 'main', '{}', 'ok', 'now', 1, 'h')`,
    ).run();
    db.close();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = openRunDatabase(file);
    expect(again.prepare('SELECT id FROM runs').raw().all()).toEqual([['r']]);
    again.close();
  });

  const refusals: [string, (file: string) => void, RegExp][] = [
    ['garbage bytes', (file) => fs.writeFileSync(file, 'not sqlite at all '.repeat(100)), /file is not a database/],
    ['a file shorter than a header', (file) => fs.writeFileSync(file, 'SQLite format 3\0'), /file is not a database/],
    [
      'a newer schema',
      (file) => {
        const db = new Database(file);
        db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
        db.close();
      },
      /written by a newer llm-do \(schema version \d+; this one knows up to \d+\)/,
    ],
  ];
  test.each(refusals.flatMap((refusal) => ['openRunDatabase', 'prepareRunLogFile'].map((opener) => [opener, ...refusal] as const)))(
    '%s refuses %s, naming the file, --no-log and moving the file aside',
    async (opener, _name, prepare, reason) => {
      const file = tempLog();
      prepare(file);
      const open = opener === 'openRunDatabase' ? openRunDatabase : prepareRunLogFile;
      const error = await rejection(Promise.resolve().then(() => open(file)));
      expect(error).toMatchObject({ kind: 'project', code: 'run-log-unusable', location: { file } });
      expect(error.message).toMatch(reason);
      expect(error.message).toContain(`${file}: cannot use the run log`);
      expect(error.message).toContain('--no-log');
      expect(error.message).toContain(`mv ${file} ${file}.old`);
    },
  );
});
