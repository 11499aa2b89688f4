/**
 * The run journal (issue 14, src/run-log/run-journal.ts and journal-ingest.ts): a run process writes
 * what it would give the SQLite store, one line per transaction; whoever opens the log records it
 * there exactly as the store would have, once, however many readers; a line still being written waits;
 * a finished journal (or one whose writer died) is removed; a line the log refuses sets the journal
 * aside with a warning and keeps what came before; a database error records nothing and keeps the
 * journal.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os, { hostname } from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { describe, expect, test, vi } from 'vitest';
import { openRunDatabase } from '../../src/run-log/database.ts';
import type { LogEntry } from '../../src/run-log/log-entries.ts';
import { createPausedRuns } from '../../src/run-log/paused-runs.ts';
import { loadRun } from '../../src/run-log/run-queries.ts';
import type { RunSnapshot } from '../../src/runtime/saved-state.ts';
import { completeLines, ingestRunJournals } from '../../src/run-log/journal-ingest.ts';
import { decodeJournalLine } from '../../src/run-log/journal-line.ts';
import { settleAbandonedRuns } from '../../src/run-log/liveness.ts';
import { createRunJournal } from '../../src/run-log/run-journal.ts';
import { journalDirectory, prepareRunLogFile } from '../../src/run-log/run-log-file.ts';
import { createSqliteRunStore } from '../../src/run-log/sqlite-run-store.ts';
import type { RunDatabase } from '../../src/run-log/transaction.ts';
import { rejection } from '../project/fixture.ts';
import { beginning, type Feed, feed, NO_USAGE, pausedSnapshot, stamper, tempLog } from './helpers.ts';

/** Every table of the log but the journals' own, as rows, in a stable order. */
function dump(db: RunDatabase): Record<string, unknown[]> {
  const tables = ['runs', 'calls', 'model_requests', 'tool_calls', 'approvals', 'warnings', 'decisions', 'search'];
  return Object.fromEntries(tables.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).raw().all()]));
}

/** A two-step run with a tool call a person approved, a checkpoint after each step, and the exit code the process sets. */
function recordRun(store: Feed, runId = 'r1'): void {
  const { identity, stamp } = stamper(runId);
  const main = identity('c1', 'main');
  const state = { ...pausedSnapshot(runId), status: 'running' } as never;
  store.begin({ ...beginning(runId, 'go'), started_at: '2026-01-01T00:00:00.000Z' });
  const events = [
    { ...main, type: 'run_start', model: 'm', input: 'go' },
    { ...main, type: 'model_request', model: 'm', step: 1, system_sha256: 'abc', message_count: 1, tools: ['write_file'] },
    { ...main, type: 'model_prompt', model: 'm', step: 1, prompt_from: 0, messages: [{ role: 'user', content: 'go' }], tools: [], settings: {} },
    {
      ...main,
      type: 'model_step',
      model: 'm',
      step: 1,
      finish_reason: 'tool_calls',
      text: '',
      tool_calls: 1,
      input_tokens: 10,
      output_tokens: 4,
      duration_ms: 5,
    },
    { ...main, type: 'usage', model: 'm', input_tokens: 10, output_tokens: 4, cache_read_tokens: 0, cache_write_tokens: 0, cost_usd: 0.5 },
    'checkpoint',
    { ...main, type: 'tool_call', tool: 'write_file', tool_call_id: 't1', args: { path: 'a.txt', content: 'journaled text' } },
    { ...main, type: 'approval_request', tool: 'write_file', tool_call_id: 't1', args: {} },
    { ...main, type: 'approval_decision', tool: 'write_file', tool_call_id: 't1', approved: true, source: 'user' },
    { ...main, type: 'tool_result', tool: 'write_file', tool_call_id: 't1', ok: true, result: 'wrote', duration_ms: 3 },
    'checkpoint',
    { ...main, type: 'model_request', model: 'm', step: 2, system_sha256: 'abc', message_count: 3, tools: ['write_file'] },
    {
      ...main,
      type: 'model_step',
      model: 'm',
      step: 2,
      finish_reason: 'stop',
      text: 'done',
      tool_calls: 0,
      input_tokens: 20,
      output_tokens: 1,
      duration_ms: 5,
    },
    { ...main, type: 'usage', model: 'm', input_tokens: 20, output_tokens: 1, cache_read_tokens: 0, cache_write_tokens: 0, cost_usd: 0.25 },
    'checkpoint',
    { ...main, type: 'run_end', status: 'ok', output: 'done', usage: { ...NO_USAGE, input_tokens: 30, output_tokens: 5, cost_usd: 0.75 }, duration_ms: 30 },
  ];
  for (const event of events) {
    if (event === 'checkpoint') store.checkpoint(state, '2026-01-01T00:00:01.000Z');
    else store.event(stamp(event as never));
  }
  store.exit(runId, 0);
}

/** A chat of one-line turns `runs` as the CLI records it: each turn's state and first prompt go on from the turn before's. */
function chatEntries(runs: string[]): LogEntry[] {
  const text = (index: number) => (index % 2 === 0 ? `q${index / 2 + 1}` : `a${(index + 1) / 2}`);
  const message = (index: number) => ({ role: index % 2 === 0 ? 'user' : 'assistant', content: [{ type: 'text', text: text(index) }] });
  return runs.flatMap((run, turn): LogEntry[] => {
    const { identity, stamp } = stamper(run);
    const main = identity(`c-${run}`, 'main');
    const previous = runs[turn - 1];
    const from = 2 * turn;
    const base = pausedSnapshot(run);
    const state = {
      ...base,
      root: {
        ...base.root!,
        call_id: `c-${run}`,
        tool_calls: [],
        messages_from: from,
        ...(previous ? { messages_base: { run_id: previous, call_id: `c-${previous}` } } : {}),
        messages: [message(from), message(from + 1)],
      },
    } as RunSnapshot;
    const events = [
      { ...main, type: 'run_start', model: 'm', input: text(from) },
      { ...main, type: 'model_request', model: 'm', step: 1, system_sha256: 'abc', message_count: from + 1, tools: [] },
      {
        ...main,
        type: 'model_prompt',
        model: 'm',
        step: 1,
        prompt_from: Math.max(0, from - 1),
        ...(previous ? { prompt_base: { run_id: previous, call_id: `c-${previous}`, step: 1 } } : {}),
        messages: previous ? [message(from - 1), message(from)] : [message(from)],
        settings: {},
      },
      { ...main, type: 'model_step', model: 'm', step: 1, finish_reason: 'stop', text: text(from + 1), tool_calls: 0, duration_ms: 1 },
    ];
    return [
      { type: 'begin', run: { ...beginning(run, text(from)), kind: 'chat', conversation_id: runs[0] } },
      ...events.map((event): LogEntry => ({ type: 'event', event: stamp(event as never) })),
      { type: 'checkpoint_delta', state, at: '2026-01-01T00:00:01.000Z' },
      { type: 'event', event: stamp({ ...main, type: 'run_end', status: 'ok', output: text(from + 1), usage: NO_USAGE, duration_ms: 2 } as never) },
    ];
  });
}

function journal(file = tempLog()) {
  prepareRunLogFile(file);
  const onWriteFailure = vi.fn();
  const written = createRunJournal(file, { onWriteFailure });
  const [name] = fs.readdirSync(journalDirectory(file));
  return { file, onWriteFailure, journal: written, path: path.join(journalDirectory(file), name!) };
}

/** {@link dump} with every time as `T`: two recordings of {@link recordRun} stamp their events at different times. */
function timeless(db: RunDatabase): Record<string, unknown[]> {
  const times = (rows: unknown[][]) => rows.map((row) => row.map((value) => (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value) ? 'T' : value)));
  return Object.fromEntries(Object.entries(dump(db)).map(([table, rows]) => [table, times(rows as unknown[][])]));
}

/** The rows of {@link recordRun} given to the SQLite store directly. */
function recordedDirectly(): Record<string, unknown[]> {
  const direct = openRunDatabase(tempLog());
  recordRun(feed(createSqliteRunStore(direct, { onWriteFailure: () => {} })));
  const rows = timeless(direct);
  direct.close();
  return rows;
}

const lines = (file: string) => fs.readFileSync(file, 'utf8').split('\n');
/** The operations a journal line (after the header) keeps. */
const operationsOf = (line: string) => JSON.parse(decodeJournalLine(line)) as unknown[][];

/** A pid no process has now: one that just ended. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

describe('the run journal', () => {
  test('records exactly the rows the SQLite store writes, one line per transaction the store would have committed', () => {
    const { file, journal: written, path: journalPath, onWriteFailure } = journal();
    recordRun(feed(written));
    written.close();
    const text = lines(journalPath);
    expect(JSON.parse(text[0]!)).toEqual({ journal: 2, pid: process.pid, host: expect.any(String) });
    // begin; step 1 with its checkpoint; the tool call and its approval request; the person's decision;
    // its result with the checkpoint; step 2 with its checkpoint; run_end; the exit code; close; the final newline.
    expect(text.slice(1).map((line) => (line === '' ? '' : operationsOf(line).map((operation) => operation[0])))).toEqual([
      ['begin'],
      ['event', 'event', 'event', 'event', 'event', 'checkpoint'],
      ['event', 'event'],
      ['event'],
      ['event', 'checkpoint'],
      ['event', 'event', 'event', 'checkpoint'],
      ['event'],
      ['exit'],
      ['close'],
      '',
    ]);
    expect(fs.statSync(journalPath).mode & 0o777).toBe(0o600);

    const db = openRunDatabase(file);
    const journaled = dump(db);
    expect(timeless(db)).toEqual(recordedDirectly());
    expect(journaled.runs).toHaveLength(1);
    // Complete, so removed once recorded; opening again records nothing twice.
    expect(fs.existsSync(journalPath)).toBe(false);
    db.close();
    const again = openRunDatabase(file);
    expect(dump(again)).toEqual(journaled);
    expect(onWriteFailure).not.toHaveBeenCalled();
  });

  test("a live writer's journal is recorded as far as it goes, a line still being written waits, and nothing is recorded twice", () => {
    const { file, journal: written, path: journalPath } = journal();
    const store = feed(written);
    const { identity, stamp } = stamper('r2');
    const main = identity('c1', 'main');
    store.begin(beginning('r2'));
    store.event(stamp({ ...main, type: 'run_start', model: 'm', input: 'hi' } as never));
    store.event(stamp({ ...main, type: 'warning', message: 'first' } as never));
    const db = openRunDatabase(file);
    const count = (table: string) => (db.prepare(`SELECT count(*) FROM ${table}`).raw().all()[0] as number[])[0];
    expect(count('runs')).toBe(1);
    expect(count('warnings')).toBe(1);
    // Half a line, as a reader may find a write in progress.
    const line = `${JSON.stringify([['event', stamp({ ...main, type: 'warning', message: 'second' } as never)]])}\n`;
    fs.appendFileSync(journalPath, line.slice(0, 40));
    expect(ingestRunJournals(db, file)).toBe(0);
    expect(count('warnings')).toBe(1);
    fs.appendFileSync(journalPath, line.slice(40));
    // Two connections, as two processes: the line is recorded by one of them.
    const other = openRunDatabase(file);
    expect(ingestRunJournals(db, file)).toBe(0);
    expect(count('warnings')).toBe(2);
    expect(fs.existsSync(journalPath)).toBe(true);
    store.event(stamp({ ...main, type: 'run_end', status: 'ok', output: 'ok', usage: NO_USAGE, duration_ms: 1 } as never));
    written.close();
    expect(ingestRunJournals(other, file)).toBe(2);
    expect(ingestRunJournals(db, file)).toBe(0);
    expect(count('warnings')).toBe(2);
    expect((db.prepare("SELECT status FROM runs WHERE id = 'r2'").get() as { status: string }).status).toBe('ok');
    expect(fs.existsSync(journalPath)).toBe(false);
    db.close();
    other.close();
  });

  test("a chat's journal, recorded in parts and cut where a killed process left it, makes the rows of its entries given to the store, states and prompts going on from the turn before", () => {
    const entries = chatEntries(['t1', 't2', 't3']);
    const { file, journal: written, path: journalPath } = journal();
    const reader = openRunDatabase(file);
    entries.slice(0, 9).forEach((entry) => written.record(entry));
    ingestRunJournals(reader, file);
    entries.slice(9).forEach((entry) => written.record(entry));
    // Killed while writing its next line.
    fs.appendFileSync(journalPath, '[["event",{"v":1,"type":"warn');
    ingestRunJournals(reader, file);

    const direct = openRunDatabase(tempLog());
    const store = createSqliteRunStore(direct, { onWriteFailure: (error) => expect.fail(error.message) });
    entries.forEach((entry) => store.record(entry));
    const rows = (db: RunDatabase) => ({ ...timeless(db), state_messages: db.prepare('SELECT * FROM state_messages ORDER BY 1, 2, 3').raw().all() });
    expect(rows(reader)).toEqual(rows(direct));
    expect(reader.prepare("SELECT state_apart FROM runs WHERE id = 't3'").raw().all()).toEqual([[2]]);
    const last = createPausedRuns(reader).loadState('t3');
    expect(last.root!.messages.map((message) => (message.content as { text: string }[])[0]!.text)).toEqual(['q1', 'a1', 'q2', 'a2', 'q3', 'a3']);
    const prompt = loadRun(reader, 't3', { prompts: true }).root!.requests[0]!.prompt!;
    expect(prompt.messages).toHaveLength(5);
    reader.close();
    direct.close();
  });

  test('a journal past its size is closed and the process goes on in a new one named after it: recorded in order, each removed once complete', () => {
    const file = tempLog();
    prepareRunLogFile(file);
    const onWriteFailure = vi.fn();
    // Past the size after every line: each transaction in a journal of its own, the hardest order to keep.
    const written = createRunJournal(file, { onWriteFailure, rotateBytes: 1 });
    const store = feed(written);
    recordRun(store);
    const names = fs.readdirSync(journalDirectory(file)).sort();
    // The eight lines of the journal above (begin … exit), each closed, the last too: nothing came after it.
    expect(names).toHaveLength(8);
    const operations = names.map((name) =>
      lines(path.join(journalDirectory(file), name))
        .slice(1, -1)
        .map((line) => operationsOf(line)[0]![0]),
    );
    expect(operations[0]).toEqual(['begin', 'close']);
    expect(operations.at(-1)).toEqual(['exit', 'close']);
    expect(new Set(names.map((name) => name.split('-').slice(1).join('-'))).size).toBe(1);

    const db = openRunDatabase(file);
    expect(timeless(db)).toEqual(recordedDirectly());
    expect(fs.readdirSync(journalDirectory(file))).toEqual([]);
    // The next line opens the next journal, which a reader keeps while its writer lives and has not closed it.
    store.exit('r1', 1);
    const [next] = fs.readdirSync(journalDirectory(file));
    expect(next! > names.at(-1)!).toBe(true);
    written.close();
    expect(ingestRunJournals(db, file)).toBe(2);
    expect(db.prepare("SELECT exit_code FROM runs WHERE id = 'r1'").get()).toMatchObject({ exit_code: 1 });
    expect(fs.readdirSync(journalDirectory(file))).toEqual([]);
    expect(onWriteFailure).not.toHaveBeenCalled();
    db.close();
  });

  test('a compressed line that does not decompress ends its journal: what came before is recorded, the journal set aside', () => {
    const { file, journal: written, path: journalPath } = journal();
    recordRun(feed(written));
    written.close();
    const text = lines(journalPath);
    // The third line (step 1's events and checkpoint) loses part of its middle, as a damaged disk might leave it.
    text[2] = `${text[2]!.slice(0, 30)}${text[2]!.slice(60)}`;
    fs.writeFileSync(journalPath, text.join('\n'));
    const problems: string[] = [];
    const db = openRunDatabase(file, { onJournalProblem: (message) => problems.push(message) });
    expect(problems).toEqual([
      expect.stringMatching(/line 3: a compressed line that does not decompress\); what came before is recorded, the journal was moved to .*\.failed$/),
    ]);
    expect(db.prepare('SELECT count(*) FROM runs').raw().all()).toEqual([[1]]);
    expect(fs.existsSync(`${journalPath}.failed`)).toBe(true);
    db.close();
  });

  test('the journal of a killed writer is recorded, removed, and its run shown interrupted; one of another host is kept until it says it is complete', () => {
    const file = tempLog();
    prepareRunLogFile(file);
    const directory = journalDirectory(file);
    fs.mkdirSync(directory);
    const { identity, stamp } = stamper('r3');
    const main = identity('c1', 'main');
    const body = `${JSON.stringify([['begin', beginning('r3')]])}\n${JSON.stringify([['event', stamp({ ...main, type: 'run_start', model: 'm', input: 'hi' } as never)]])}\n`;
    const killed = path.join(directory, 'a-killed.jsonl');
    fs.writeFileSync(killed, `${JSON.stringify({ journal: 1, pid: deadPid(), host: hostname() })}\n${body}`);
    const remote = path.join(directory, 'b-remote.jsonl');
    fs.writeFileSync(remote, `${JSON.stringify({ journal: 1, pid: 1, host: 'elsewhere' })}\n${body.replaceAll('r3', 'r4')}`);
    const db = openRunDatabase(file);
    settleAbandonedRuns(db);
    const statuses = db.prepare('SELECT id, status, host FROM runs ORDER BY id').all() as { id: string; status: string; host: string }[];
    expect(statuses.map(({ id, status, host }) => [id, status, host])).toEqual([
      ['r3', 'interrupted', hostname()],
      ['r4', 'running', 'elsewhere'],
    ]);
    expect(fs.existsSync(killed)).toBe(false);
    expect(fs.existsSync(remote)).toBe(true);
    fs.appendFileSync(remote, `${JSON.stringify([['close']])}\n`);
    expect(ingestRunJournals(db, file)).toBe(1);
    expect(fs.existsSync(remote)).toBe(false);
    // The rows of removed journals are forgotten.
    ingestRunJournals(db, file);
    expect(db.prepare('SELECT count(*) AS n FROM journals').get()).toMatchObject({ n: 0 });
    db.close();
  });

  test.each([
    ['a line that is not JSON', '{"oops', /line 3: not JSON/],
    ['an unknown operation', JSON.stringify([['explode', 1]]), /line 3: unknown operation "explode"/],
    ['an event the store cannot read', JSON.stringify([['event', null]]), /line 3: /],
  ])('%s: the lines before it are recorded, the journal is set aside, and the problem names it', (_name, bad, reason) => {
    const { file, journal: written, path: journalPath } = journal();
    feed(written).begin(beginning('r5'));
    fs.appendFileSync(journalPath, `${bad}\n${JSON.stringify([['exit', 'r5', 0]])}\n`);
    const onJournalProblem = vi.fn();
    const db = openRunDatabase(file, { onJournalProblem });
    expect(db.prepare("SELECT exit_code FROM runs WHERE id = 'r5'").get()).toMatchObject({ exit_code: null });
    expect(onJournalProblem).toHaveBeenCalledOnce();
    const message = onJournalProblem.mock.calls[0]![0] as string;
    expect(message).toContain(journalPath);
    expect(message).toMatch(reason);
    expect(message).toContain(`moved to ${journalPath}.failed`);
    expect(fs.existsSync(journalPath)).toBe(false);
    expect(fs.readFileSync(`${journalPath}.failed`, 'utf8')).toContain(bad);
    db.close();
    written.close();
  });

  test('a journal is read a piece at a time: lines longer than a piece come whole, a line still being written does not', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-journal-')), 'pieces.jsonl');
    const long = 'x'.repeat(100);
    fs.writeFileSync(file, `a\n${long}\nb\u00e9\n${long}${long}\nunfinished`);
    const fd = fs.openSync(file, 'r');
    try {
      const read = [...completeLines(fd, 0, 8)];
      expect(read.map((line) => line.text)).toEqual(['a', long, 'b\u00e9', long + long]);
      expect(read.map((line) => line.bytes)).toEqual([2, 101, 4, 201]);
      expect([...completeLines(fd, 2 + 101, 8)].map((line) => line.text)).toEqual(['b\u00e9', long + long]);
      expect([...completeLines(fd, fs.statSync(file).size - 'unfinished'.length, 8)]).toEqual([]);
    } finally {
      fs.closeSync(fd);
    }
  });

  test('a file that is not a journal is set aside before anything of it is recorded', () => {
    const file = tempLog();
    prepareRunLogFile(file);
    fs.mkdirSync(journalDirectory(file));
    const stray = path.join(journalDirectory(file), 'stray.jsonl');
    fs.writeFileSync(stray, '{"journal":99}\n[]\n');
    const onJournalProblem = vi.fn();
    openRunDatabase(file, { onJournalProblem }).close();
    expect(onJournalProblem.mock.calls[0]![0]).toMatch(/stray\.jsonl \(line 1: not a run journal of this llm-do/);
    expect(fs.existsSync(`${stray}.failed`)).toBe(true);
  });

  test.each([
    ['a FIFO', (file: string) => void spawnSync('mkfifo', [file])],
    ['a directory', (file: string) => fs.mkdirSync(file)],
    ['a symbolic link to another file', (file: string) => fs.symlinkSync('/etc/hostname', file)],
  ])('%s named like a journal is set aside, without blocking or following it', (_name, make) => {
    const file = tempLog();
    prepareRunLogFile(file);
    fs.mkdirSync(journalDirectory(file));
    const planted = path.join(journalDirectory(file), 'planted.jsonl');
    make(planted);
    const onJournalProblem = vi.fn();
    openRunDatabase(file, { onJournalProblem }).close();
    expect(onJournalProblem.mock.calls[0]![0]).toMatch(/planted\.jsonl \((not a regular file|a symbolic link, not a run journal)\)/);
    expect(fs.existsSync(planted)).toBe(false);
    expect(fs.lstatSync(`${planted}.failed`)).toBeDefined();
  });

  test('a database error records nothing and keeps the journal for the next reader', () => {
    const { file, journal: written, path: journalPath } = journal();
    openRunDatabase(file).close();
    recordRun(feed(written), 'r6');
    written.close();
    const readOnly = new Database(file);
    readOnly.exec('PRAGMA query_only = 1');
    expect(() => ingestRunJournals(readOnly, file)).toThrow(/readonly database/);
    readOnly.close();
    expect(fs.existsSync(journalPath)).toBe(true);
    const db = openRunDatabase(file);
    expect(db.prepare("SELECT status FROM runs WHERE id = 'r6'").get()).toMatchObject({ status: 'ok' });
    db.close();
  });

  test('a journal that cannot be created is run-log-unusable, naming it and the ways out', async () => {
    const file = tempLog();
    prepareRunLogFile(file);
    fs.writeFileSync(journalDirectory(file), 'a file where the directory goes');
    const error = await rejection(Promise.resolve().then(() => createRunJournal(file, { onWriteFailure: () => {} })));
    expect(error).toMatchObject({ kind: 'project', code: 'run-log-unusable' });
    expect(error.message).toContain(`cannot create the run journal ${journalDirectory(file)}/`);
    expect(error.message).toContain('--no-log');
  });
});
