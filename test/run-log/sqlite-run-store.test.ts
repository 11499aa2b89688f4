/**
 * The SQLite run store: events to rows and back (call tree, requests with rebuilt prompts, tool
 * calls, approvals), capped values, reused tool call ids, and a failing write reported once.
 */
import { describe, expect, test, vi } from 'vitest';
import { openRunDatabase } from '../../src/run-log/database.ts';
import { loadRun, searchRuns } from '../../src/run-log/run-queries.ts';
import { createSqliteRunStore } from '../../src/run-log/sqlite-run-store.ts';
import { VALUE_CAP } from '../../src/run-log/stored-value.ts';
import { beginning, feed, NO_USAGE, stamper, tempLog } from './helpers.ts';

function open() {
  const db = openRunDatabase(tempLog());
  const onWriteFailure = vi.fn();
  return { db, onWriteFailure, store: feed(createSqliteRunStore(db, { onWriteFailure })) };
}

describe('SQLite run store', () => {
  test('records a run with a delegation, and loads it back as a tree with full prompts', () => {
    const { db, store } = open();
    const { identity, stamp } = stamper('r1');
    const main = identity('c1', 'main');
    const helper = { ...identity('c2', 'helper', 'c1'), chain: ['main', 'helper'] };
    const system = { role: 'system', content: 'You are main.' };
    const user = { role: 'user', content: [{ type: 'text', text: 'go' }] };
    const call = { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 't1', toolName: 'helper', input: { input: 'x' } }] };
    const result = { role: 'tool', content: [{ type: 'tool-result', toolCallId: 't1', toolName: 'helper', output: { type: 'text', value: 'helped' } }] };
    const tool = { type: 'function', name: 'helper', inputSchema: {} };
    store.begin(beginning('r1', 'go'));
    for (const event of [
      { ...main, type: 'run_start', model: 'm', input: 'go' },
      { ...main, type: 'model_request', model: 'm', step: 1, system_sha256: 'abc', message_count: 1, tools: ['helper'] },
      { ...main, type: 'model_prompt', model: 'm', step: 1, prompt_from: 0, messages: [system, user], tools: [tool], settings: { temperature: 0 } },
      { ...main, type: 'tool_call', tool: 'helper', tool_call_id: 't1', args: { input: 'x' } },
      { ...main, type: 'approval_request', tool: 'helper', tool_call_id: 't1', args: { input: 'x' } },
      { ...main, type: 'approval_decision', tool: 'helper', tool_call_id: 't1', approved: true, source: 'user' },
      { ...helper, type: 'delegation_start', tool_call_id: 't1', caller: 'main', model: 'm2', depth: 1, input: 'x' },
      { ...helper, type: 'model_request', model: 'm2', step: 1, system_sha256: 'def', message_count: 1, tools: [] },
      {
        ...helper,
        type: 'model_step',
        model: 'm2',
        step: 1,
        finish_reason: 'stop',
        text: 'helped',
        tool_calls: 0,
        input_tokens: 5,
        output_tokens: 2,
        duration_ms: 7,
      },
      { ...helper, type: 'usage', model: 'm2', input_tokens: 5, output_tokens: 2, cache_read_tokens: 3, cache_write_tokens: 0, cost_usd: null },
      { ...helper, type: 'delegation_end', tool_call_id: 't1', caller: 'main', ok: true, duration_ms: 9 },
      { ...main, type: 'tool_result', tool: 'helper', tool_call_id: 't1', ok: true, result: 'helped', duration_ms: 10 },
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
      { ...main, type: 'model_request', model: 'm', step: 2, system_sha256: 'abc', message_count: 3, tools: ['helper'] },
      { ...main, type: 'model_prompt', model: 'm', step: 2, prompt_from: 2, messages: [call, result], settings: { temperature: 0 } },
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
      { ...main, type: 'run_end', status: 'ok', output: 'done', usage: { ...NO_USAGE, input_tokens: 35, output_tokens: 7, cost_usd: null }, duration_ms: 30 },
    ] as const)
      store.event(stamp(event as never));

    const run = loadRun(db, 'r1', { prompts: true });
    expect(run).toMatchObject({ status: 'ok', exit_code: 0, input: 'go', output: 'done', input_tokens: 35, cost_usd: null, model: 'm', pid: process.pid });
    const root = run.root!;
    expect(root).toMatchObject({ label: 'main#1', status: 'ok', input: 'go', input_tokens: 30, output_tokens: 5, cost_usd: 0.75 });
    // The entry call's input is the run's, stored once; a delegated call's is its own.
    expect(db.prepare("SELECT call_id, input FROM calls WHERE run_id = 'r1' ORDER BY call_id").raw().all()).toEqual([
      ['c1', null],
      ['c2', '"x"'],
    ]);
    expect(root.requests.map((request) => request.prompt!.messages)).toEqual([
      [system, user],
      [system, user, call, result],
    ]);
    // Tools are stored when they change and carried over when they do not.
    expect(root.requests[1]!.prompt).toEqual({ messages: [system, user, call, result], tools: [tool], settings: { temperature: 0 } });
    expect(root.tool_calls).toEqual([
      expect.objectContaining({
        tool: 'helper',
        step: 1,
        args: { input: 'x' },
        ok: true,
        result: 'helped',
        duration_ms: 10,
        approval: { asked: true, approved: true, source: 'user', reason: null },
      }),
    ]);
    const child = root.tool_calls[0]!.call!;
    expect(child).toMatchObject({
      call_id: 'c2',
      label: 'helper#1',
      parent_call_id: 'c1',
      model: 'm2',
      status: 'ok',
      duration_ms: 9,
      cache_read_tokens: 3,
      cost_usd: null,
    });
    expect(searchRuns(db, 'helped', 10).map((hit) => hit.run.id)).toEqual(['r1']);
  });

  test("search rows hold each text once: a prompt's input and earlier answers, and an output that is the last response, are not indexed again", () => {
    const { db, store } = open();
    const { identity, stamp } = stamper('t2');
    const main = identity('c2', 'main');
    const before = { role: 'assistant', content: [{ type: 'text', text: 'After one comes two.' }] };
    const asked = { role: 'user', content: [{ type: 'text', text: 'what comes after two?' }] };
    const rendered = { role: 'user', content: [{ type: 'text', text: 'Answer briefly.' }] };
    store.begin(beginning('t2', 'what comes after two?'));
    for (const event of [
      { ...main, type: 'run_start', model: 'm', input: 'what comes after two?' },
      { ...main, type: 'model_request', model: 'm', step: 1, system_sha256: 'abc', message_count: 4, tools: [] },
      { ...main, type: 'model_prompt', model: 'm', step: 1, prompt_from: 1, messages: [before, rendered, asked], settings: {} },
      { ...main, type: 'model_step', model: 'm', step: 1, finish_reason: 'stop', text: 'Three.', tool_calls: 0, duration_ms: 1 },
      { ...main, type: 'run_end', status: 'ok', output: 'Three.', usage: NO_USAGE, duration_ms: 2 },
    ] as const)
      store.event(stamp(event as never));
    const rows = () => db.prepare("SELECT kind, text FROM search WHERE run_id = 't2' ORDER BY rowid").raw().all();
    expect(rows()).toEqual([
      ['input', 'what comes after two?'],
      ['prompt', 'Answer briefly.'],
      ['response', 'Three.'],
    ]);
    expect(searchRuns(db, 'comes after two', 10).map((hit) => hit.run.id)).toEqual(['t2']);
    // An output other than the last response (a structured one, an error) is indexed.
    store.event(stamp({ ...main, type: 'run_end', status: 'error', output: { answer: 3 }, error: 'cut short', usage: NO_USAGE, duration_ms: 2 } as never));
    expect(rows().at(-1)).toEqual(['output', '3 cut short']);
  });

  test('values over the cap are stored cut with their full size; a reused tool call id pairs with its latest call', () => {
    const { db, store } = open();
    const { identity, stamp } = stamper('r2');
    const main = identity('c1', 'main');
    const big = 'x'.repeat(VALUE_CAP * 2);
    store.begin(beginning('r2'));
    store.event(stamp({ ...main, type: 'run_start', model: 'm', input: 'hi' }));
    store.event(stamp({ ...main, type: 'model_request', model: 'm', step: 1, system_sha256: 'a', message_count: 1, tools: ['t'] }));
    store.event(stamp({ ...main, type: 'tool_call', tool: 't', tool_call_id: 'same', args: { big } }));
    store.event(stamp({ ...main, type: 'tool_result', tool: 't', tool_call_id: 'same', ok: true, result: 'first', duration_ms: 1 }));
    store.event(stamp({ ...main, type: 'model_request', model: 'm', step: 2, system_sha256: 'a', message_count: 3, tools: ['t'] }));
    store.event(stamp({ ...main, type: 'tool_call', tool: 't', tool_call_id: 'same', args: {} }));
    store.event(stamp({ ...main, type: 'tool_result', tool: 't', tool_call_id: 'same', ok: false, denied: true, error: 'denied by user', duration_ms: 0 }));
    store.event(stamp({ ...main, type: 'approval_decision', tool: 't', tool_call_id: 'same', approved: false, source: 'rule', reason: 'blocked' }));
    store.event(stamp({ ...main, type: 'run_end', status: 'interrupted', error: 'interrupted', usage: NO_USAGE, duration_ms: 3 }));

    const run = loadRun(db, 'r2', { prompts: false });
    expect(run).toMatchObject({ status: 'interrupted', exit_code: 130 });
    const [first, second] = run.root!.tool_calls;
    expect(first).toMatchObject({ step: 1, result: 'first', ok: true, args: { cut: true, size_bytes: JSON.stringify({ big }).length } });
    expect((first!.args as { preview: string }).preview).toHaveLength(VALUE_CAP);
    expect(second).toMatchObject({
      step: 2,
      ok: false,
      denied: true,
      error: 'denied by user',
      approval: { asked: false, approved: false, source: 'rule', reason: 'blocked' },
    });
  });

  test("a step's rows are written with its checkpoint, which keeps the run's latest state", () => {
    const { db, store } = open();
    const { identity, stamp } = stamper('r4');
    const main = identity('c1', 'main');
    const stateAt = (step: number) => ({ state_version: 1, run_id: 'r4', step }) as never;
    const saved = () => db.prepare(`SELECT state FROM runs WHERE id = 'r4'`).all() as { state: string | null }[];
    const requests = () => db.prepare(`SELECT step, text FROM model_requests WHERE run_id = 'r4'`).all();
    store.begin(beginning('r4'));
    store.event(stamp({ ...main, type: 'run_start', model: 'm', input: 'go' }));
    store.event(stamp({ ...main, type: 'model_request', model: 'm', step: 1, system_sha256: 'a', message_count: 1, tools: [] }));
    store.event(
      stamp({
        ...main,
        type: 'model_step',
        model: 'm',
        step: 1,
        finish_reason: 'stop',
        text: 'hi',
        tool_calls: 0,
        input_tokens: 1,
        output_tokens: 1,
        duration_ms: 1,
      }),
    );
    expect(requests()).toEqual([]);
    expect(saved()).toEqual([{ state: null }]);

    store.checkpoint(stateAt(1));
    expect(requests()).toEqual([{ step: 1, text: 'hi' }]);
    store.checkpoint(stateAt(2));
    expect(JSON.parse(saved()[0]!.state!)).toEqual({ state_version: 1, run_id: 'r4', step: 2 });
  });

  test('a resumed run starting a call again under an id the log has updates its row, and the run ends ok', () => {
    const { db, store, onWriteFailure } = open();
    const { identity, stamp } = stamper('r4');
    const main = identity('c1', 'main');
    const helper = { ...identity('c2', 'helper', 'c1'), chain: ['main', 'helper'] };
    store.begin(beginning('r4'));
    store.event(stamp({ ...main, type: 'run_start', model: 'm', input: 'go' }));
    store.event(stamp({ ...helper, type: 'delegation_start', tool_call_id: 't2', caller: 'main', model: 'm2', depth: 1, input: 'two' }));
    const cutOff = { ...identity('c3', 'helper', 'c1'), chain: ['main', 'helper'] };
    store.event(stamp({ ...cutOff, type: 'delegation_start', tool_call_id: 't3', caller: 'main', model: 'm2', depth: 1, input: 'three' }));
    store.event(stamp({ ...main, type: 'run_end', status: 'interrupted', usage: NO_USAGE, duration_ms: 3 }));
    // The resuming process: the state it was saved with had not allocated c2, so c2 starts again, under t1.
    const resumed = feed(createSqliteRunStore(db, { onWriteFailure }));
    resumed.event(stamp({ ...helper, type: 'delegation_start', tool_call_id: 't1', caller: 'main', model: 'm2', depth: 1, input: 'one' }));
    resumed.event(stamp({ ...helper, type: 'delegation_end', tool_call_id: 't1', caller: 'main', ok: true, duration_ms: 2 }));
    resumed.event(stamp({ ...main, type: 'run_end', status: 'ok', output: 'done', usage: NO_USAGE, duration_ms: 4 }));
    expect(onWriteFailure).not.toHaveBeenCalled();
    const run = loadRun(db, 'r4', { prompts: false });
    expect(run.status).toBe('ok');
    expect(db.prepare(`SELECT parent_tool_call_id, input, status FROM calls WHERE run_id = 'r4' AND call_id = 'c2'`).all()).toEqual([
      { parent_tool_call_id: 't1', input: '"one"', status: 'ok' },
    ]);
    // A call still running when its run ended was cut off.
    expect(db.prepare(`SELECT status FROM calls WHERE run_id = 'r4' AND call_id = 'c3'`).all()).toEqual([{ status: 'interrupted' }]);
  });

  test('a write that fails (the disk is full) is reported once; later events are dropped without throwing', () => {
    const { db, store, onWriteFailure } = open();
    const { identity, stamp } = stamper('r3');
    const main = identity('c1', 'main');
    store.begin(beginning('r3'));
    const pages = Number((db.prepare('PRAGMA page_count').raw().all()[0] as number[])[0]);
    db.exec(`PRAGMA max_page_count = ${pages}`);
    const huge = 'y'.repeat(VALUE_CAP);
    expect(() => {
      store.event(stamp({ ...main, type: 'run_start', model: 'm', input: huge }));
      for (let step = 1; step <= 5; step++) {
        store.event(stamp({ ...main, type: 'model_request', model: 'm', step, system_sha256: 'a', message_count: 1, tools: [] }));
        store.event(
          stamp({
            ...main,
            type: 'model_step',
            model: 'm',
            step,
            finish_reason: 'stop',
            text: huge,
            tool_calls: 0,
            input_tokens: 1,
            output_tokens: 1,
            duration_ms: 1,
          }),
        );
      }
      store.event(stamp({ ...main, type: 'run_end', status: 'ok', output: huge, usage: NO_USAGE, duration_ms: 3 }));
    }).not.toThrow();
    expect(onWriteFailure).toHaveBeenCalledTimes(1);
    expect(onWriteFailure.mock.calls[0]![0].message).toMatch(/full/);
    expect(loadRun(db, 'r3', { prompts: false }).status).toBe('running');
  });
});
