/**
 * A damaged run log whose header looks right: the damage is found by the statement that reads it
 * (and by `checkRunLogIntegrity`, SQLite's quick_check) and refused as `run-log-unusable`, naming
 * the file and the way out; empty journals left by a process that died are removed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { describe, expect, test } from 'vitest';
import { checkRunLogIntegrity, checkRunLogText } from '../../src/run-log/damaged-log.ts';
import { openRunDatabase } from '../../src/run-log/database.ts';
import { EMPTY_JOURNAL_GRACE_MS } from '../../src/run-log/journal-ingest.ts';
import { journalDirectory } from '../../src/run-log/run-log-file.ts';
import { listRuns, loadRun } from '../../src/run-log/run-queries.ts';
import { createSqliteRunStore } from '../../src/run-log/sqlite-run-store.ts';
import { rejection } from '../project/fixture.ts';
import { beginning, feed, NO_USAGE, stamper, tempLog } from './helpers.ts';

/** A log with a few finished runs, all in the database file itself (no WAL). */
function logWithRuns(): string {
  const file = tempLog();
  const db = openRunDatabase(file);
  const store = feed(createSqliteRunStore(db, { onWriteFailure: (error) => expect.fail(error.message) }));
  for (const id of ['r1', 'r2', 'r3']) {
    const { identity, stamp } = stamper(id);
    const main = identity('c1', 'main');
    store.begin(beginning(id, 'x'.repeat(3000)));
    store.event(stamp({ ...main, type: 'run_start', model: 'm', input: 'go' }));
    store.event(stamp({ ...main, type: 'run_end', status: 'ok', output: 'y'.repeat(3000), usage: NO_USAGE, duration_ms: 1 }));
  }
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  return file;
}

/** Overwrites the first page of table `runs` with junk: the header and the schema stay intact. */
function damageRunsTable(file: string): void {
  const db = new Database(file);
  const { rootpage } = db.prepare(`SELECT rootpage FROM sqlite_schema WHERE name = 'runs'`).get() as { rootpage: number };
  const pageSize = Number((db.prepare('PRAGMA page_size').raw().all()[0] as number[])[0]);
  db.close();
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.alloc(64, 0xff), 0, 64, (rootpage - 1) * pageSize);
  fs.closeSync(fd);
}

describe('a damaged run log', () => {
  test('a statement that reads a damaged page is refused as run-log-unusable, naming the file and the ways out', async () => {
    const file = logWithRuns();
    damageRunsTable(file);
    const db = openRunDatabase(file);
    for (const read of [(): unknown => listRuns(db, { limit: 10 }), (): unknown => loadRun(db, 'r1', { prompts: false })]) {
      const error = await rejection(Promise.resolve().then(read));
      expect(error).toMatchObject({ kind: 'project', code: 'run-log-unusable', location: { file } });
      expect(error.message).toContain(`${file}: cannot use the run log: the file is damaged (`);
      expect(error.message).toContain(`mv ${file} ${file}.old`);
    }
    db.close();
  });

  test('a text value that is not UTF-8 (which quick_check passes, and on which libsql panics) is refused before it is read', async () => {
    const file = logWithRuns();
    const writer = new Database(file);
    writer.exec(`UPDATE runs SET error = CAST(X'FF00FF' AS TEXT) WHERE id = 'r2'`);
    writer.exec(`UPDATE calls SET input = CAST(X'C3' AS TEXT) WHERE run_id = 'r3'`);
    writer.close();
    const db = openRunDatabase(file);
    expect(() => checkRunLogIntegrity(db, file)).not.toThrow();
    // What llm-do doctor reads besides quick_check.
    expect(() => checkRunLogText(db)).toThrow(/the file is damaged \(a text value in table runs is not UTF-8\)/);
    for (const read of [
      (): unknown => listRuns(db, { limit: 10 }),
      (): unknown => loadRun(db, 'r2', { prompts: false }),
      (): unknown => loadRun(db, 'r3', { prompts: true }),
    ]) {
      const error = await rejection(Promise.resolve().then(read));
      expect(error).toMatchObject({ code: 'run-log-unusable', location: { file } });
      expect(error.message).toMatch(/the file is damaged \(a text value in table (runs|calls) is not UTF-8\)/);
    }
    expect(loadRun(db, 'r1', { prompts: true }).status).toBe('ok');
    db.close();
  });

  test("checkRunLogIntegrity runs SQLite's quick_check: a sound log passes, a damaged one is refused", async () => {
    const sound = logWithRuns();
    const db = openRunDatabase(sound);
    expect(() => checkRunLogIntegrity(db, sound)).not.toThrow();
    expect(() => checkRunLogText(db)).not.toThrow();
    db.close();
    const damaged = logWithRuns();
    damageRunsTable(damaged);
    const opened = openRunDatabase(damaged);
    const error = await rejection(Promise.resolve().then(() => checkRunLogIntegrity(opened, damaged)));
    expect(error).toMatchObject({ code: 'run-log-unusable' });
    expect(error.message).toMatch(/the file is damaged \(SQLite's quick_check: /);
    opened.close();
  });
});

describe('empty journals', () => {
  test('a journal still empty after the grace period is removed by the reader; a new empty one waits for its first line', () => {
    const file = logWithRuns();
    fs.mkdirSync(journalDirectory(file));
    const abandoned = path.join(journalDirectory(file), '000000001-1-deadbeef.jsonl');
    const fresh = path.join(journalDirectory(file), '000000002-2-deadbeef.jsonl');
    fs.writeFileSync(abandoned, '');
    fs.writeFileSync(fresh, '');
    const past = (Date.now() - EMPTY_JOURNAL_GRACE_MS - 1000) / 1000;
    fs.utimesSync(abandoned, past, past);
    openRunDatabase(file).close();
    expect(fs.existsSync(abandoned)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });
});

describe('a log its last process did not close', () => {
  /** The marker a process that had the log at `file` open and died would have left. */
  function deadProcessMarker(file: string): string {
    const { pid } = spawnSync(process.execPath, ['-e', '']);
    fs.mkdirSync(`${file}.open`, { recursive: true });
    const marker = path.join(`${file}.open`, `${pid}.0badc0de.${encodeURIComponent(hostname())}`);
    fs.writeFileSync(marker, '');
    return marker;
  }

  test("is checked with quick_check when opened: a damaged one is refused at once, a sound one opens and the dead process's marker goes", async () => {
    const damaged = logWithRuns();
    damageRunsTable(damaged);
    // Without a sign of a bad end, nothing reads the damaged page at open.
    openRunDatabase(damaged).close();
    const marker = deadProcessMarker(damaged);
    const error = await rejection(Promise.resolve().then(() => openRunDatabase(damaged)));
    expect(error).toMatchObject({ code: 'run-log-unusable', location: { file: damaged } });
    expect(error.message).toMatch(/the file is damaged \(SQLite's quick_check: /);
    expect(fs.existsSync(marker)).toBe(true);

    const sound = logWithRuns();
    const soundMarker = deadProcessMarker(sound);
    openRunDatabase(sound).close();
    expect(fs.existsSync(soundMarker)).toBe(false);
    // A log closed cleanly leaves no marker of its own.
    expect(fs.readdirSync(`${sound}.open`)).toEqual([]);
  });
});
