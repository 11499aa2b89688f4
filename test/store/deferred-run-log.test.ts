/**
 * The run log opened while the first request is in flight (issue 14, src/store/deferred-run-log.ts):
 * nothing opens the database before the request is sent, what came before is written once it is
 * open, the first event after a response opens it at once, and a database that cannot be opened is
 * reported before that event is passed on; plus the cheap file check done before the run.
 */
import fs from 'node:fs';
import { channel } from 'node:diagnostics_channel';
import { setImmediate as nextTurn } from 'node:timers/promises';
import Database from 'libsql';
import { describe, expect, test, vi } from 'vitest';
import { openRunDatabase } from '../../src/store/database.ts';
import { createDeferredRunLog } from '../../src/store/deferred-run-log.ts';
import { prepareRunLogFile } from '../../src/store/run-log-file.ts';
import { SCHEMA_VERSION } from '../../src/store/schema.ts';
import { rejection } from '../project/fixture.ts';
import { beginning, NO_USAGE, stamper, tempLog } from './helpers.ts';

const requestSent = channel('undici:request:bodySent');

function deferredLog() {
  const file = tempLog();
  prepareRunLogFile(file);
  const onUnusable = vi.fn();
  const onWriteFailure = vi.fn();
  return { file, onUnusable, onWriteFailure, log: createDeferredRunLog(file, { onUnusable, onWriteFailure }) };
}

/** A one-step run's events up to its first request, and the rest. */
function oneStepRun(runId: string) {
  const { identity, stamp } = stamper(runId);
  const main = identity('c1', 'main');
  return {
    beforeResponse: [stamp({ ...main, type: 'run_start', model: 'm', input: 'hi' }), stamp({ ...main, type: 'model_request', model: 'm', step: 1, system_sha256: 'a', message_count: 1, tools: [] })],
    afterResponse: [
      stamp({ ...main, type: 'model_step', step: 1, finish_reason: 'stop', text: 'ok', tool_calls: 0, input_tokens: 1, output_tokens: 1, duration_ms: 1 } as never),
      stamp({ ...main, type: 'run_end', status: 'ok', output: 'ok', duration_ms: 2, usage: NO_USAGE } as never),
    ],
  };
}

const runStatus = (file: string, runId: string) => {
  const db = openRunDatabase(file);
  try {
    return (db.prepare("SELECT status FROM runs WHERE id = ?").get(runId) as { status: string } | undefined)?.status;
  } finally {
    db.close();
  }
};

describe('createDeferredRunLog', () => {
  test('opens the database only once the first request is sent, then writes what it kept, in order', async () => {
    const { file, log, onUnusable } = deferredLog();
    const run = oneStepRun('r1');
    log.store.begin(beginning('r1'));
    run.beforeResponse.forEach((event) => log.store.record(event));
    await nextTurn();
    expect(fs.statSync(file).size).toBe(0); // not opened: no request was sent yet
    requestSent.publish({});
    await nextTurn();
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    expect(runStatus(file, 'r1')).toBe('running'); // begun and committed before the response
    run.afterResponse.forEach((event) => log.store.record(event));
    log.setExitCode('r1', 0);
    log.close();
    expect(runStatus(file, 'r1')).toBe('ok');
    expect(onUnusable).not.toHaveBeenCalled();
  });

  test('the first event after a response opens the database at once when no request was seen to be sent', () => {
    const { file, log } = deferredLog();
    const run = oneStepRun('r2');
    log.store.begin(beginning('r2'));
    run.beforeResponse.forEach((event) => log.store.record(event));
    expect(fs.statSync(file).size).toBe(0);
    log.store.record(run.afterResponse[0]!);
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    log.store.record(run.afterResponse[1]!);
    log.close();
    expect(runStatus(file, 'r2')).toBe('ok');
  });

  test('close writes what is still kept (a run that ended before its first request was sent)', () => {
    const { file, log } = deferredLog();
    log.store.begin(beginning('r3'));
    log.close();
    expect(runStatus(file, 'r3')).toBe('running');
  });

  test('a database that cannot be opened is reported before the event that needed it is passed on, once, and nothing throws', () => {
    const { file, log, onUnusable } = deferredLog();
    // A valid header with an impossible page size: only opening the database finds it.
    const header = Buffer.alloc(100);
    header.write('SQLite format 3\0', 'latin1');
    header.writeUInt16BE(3, 16);
    fs.writeFileSync(file, header);
    const run = oneStepRun('r4');
    log.store.begin(beginning('r4'));
    run.beforeResponse.forEach((event) => log.store.record(event));
    expect(onUnusable).not.toHaveBeenCalled();
    log.store.record(run.afterResponse[0]!);
    expect(onUnusable).toHaveBeenCalledTimes(1);
    expect(onUnusable.mock.calls[0]![0]).toMatchObject({ code: 'run-log-unusable', location: { file } });
    expect(log.unusable).toBe(onUnusable.mock.calls[0]![0]);
    log.store.record(run.afterResponse[1]!);
    log.setExitCode('r4', 2);
    expect(() => log.close()).not.toThrow();
    expect(onUnusable).toHaveBeenCalledTimes(1);
  });

  test('a log whose tables are not what its schema version says is unusable too, not a crash', () => {
    const { file, log, onUnusable } = deferredLog();
    const db = new Database(file);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    db.close();
    log.store.begin(beginning('r5'));
    log.store.record(oneStepRun('r5').afterResponse[1]!);
    expect(onUnusable).toHaveBeenCalledTimes(1);
    expect(onUnusable.mock.calls[0]![0]).toMatchObject({ code: 'run-log-unusable', message: expect.stringContaining('no such table') });
    expect(() => log.close()).not.toThrow();
  });
});

describe('prepareRunLogFile', () => {
  test('creates the directory and an empty owner-only file, and accepts a log it made before', () => {
    const file = `${tempLog().slice(0, -'runs.db'.length)}deeper/runs.db`;
    prepareRunLogFile(file);
    expect(fs.statSync(file).size).toBe(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    openRunDatabase(file).close();
    expect(() => prepareRunLogFile(file)).not.toThrow();
  });

  test.each([
    ['garbage bytes', (file: string) => fs.writeFileSync(file, 'not sqlite at all '.repeat(100)), /file is not a database/],
    ['a file shorter than a header', (file: string) => fs.writeFileSync(file, 'SQLite format 3\0'), /file is not a database/],
    [
      'a newer schema',
      (file: string) => {
        const db = new Database(file);
        db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
        db.close();
      },
      /written by a newer llm-do \(schema version \d+; this one knows up to \d+\)/,
    ],
  ])('refuses %s without opening it, naming the file and the ways out', async (_name, prepare, reason) => {
    const file = tempLog();
    prepare(file);
    const error = await rejection(Promise.resolve().then(() => prepareRunLogFile(file)));
    expect(error).toMatchObject({ kind: 'project', code: 'run-log-unusable', location: { file } });
    expect(error.message).toMatch(reason);
    expect(error.message).toContain('--no-log');
    expect(error.message).toContain(`mv ${file} ${file}.old`);
  });
});
