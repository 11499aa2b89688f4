/** The run's event bus: stamping, lossless and lossy subscribers, failures, close, readers. */
import { describe, expect, test } from 'vitest';
import { createEventBus, LOSSY_QUEUE_LIMIT, replayableEvents } from '../../src/runtime/event-bus.ts';
import type { CallIdentity, RunEvent } from '../../src/runtime/events.ts';
import { nextTurn } from './helpers.ts';

const id: CallIdentity = { run_id: 'r', call_id: 'c1', parent_call_id: null, worker: 'main', chain: ['main'] };
const delta = (text: string, call = id) => ({ ...call, type: 'text_delta' as const, text });
const warning = (message: string) => ({ ...id, type: 'warning' as const, message });
const end = {
  ...id,
  type: 'run_end' as const,
  status: 'ok' as const,
  usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, cost_usd: 0, unpriced_models: [], by_worker: {} },
  duration_ms: 0,
};

describe('event bus', () => {
  test('emit stamps v, seq (from 1) and ts', () => {
    const bus = createEventBus({ now: () => 0 });
    expect(bus.emit(warning('a'))).toMatchObject({ v: 1, seq: 1, ts: '1970-01-01T00:00:00.000Z' });
    expect(bus.emit(warning('b'))?.seq).toBe(2);
  });

  test("a stamped event starts with v, type, seq and ts, then the event's own fields in their order", () => {
    const bus = createEventBus({ now: () => 0 });
    const stamped = bus.emit(warning('a'))!;
    expect(Object.keys(stamped)).toEqual(['v', 'type', 'seq', 'ts', 'run_id', 'call_id', 'parent_call_id', 'worker', 'chain', 'message']);
    expect(JSON.stringify(stamped)).toBe(
      '{"v":1,"type":"warning","seq":1,"ts":"1970-01-01T00:00:00.000Z","run_id":"r","call_id":"c1","parent_call_id":null,"worker":"main","chain":["main"],"message":"a"}',
    );
  });

  test('lossless subscribers get every event synchronously, in seq order, minus the types they drop', () => {
    const bus = createEventBus();
    const all: number[] = [];
    const some: string[] = [];
    bus.subscribe((event) => all.push(event.seq), { lossless: true });
    bus.subscribe((event) => some.push(event.type), { lossless: true, drop: ['text_delta'] });
    bus.emit(warning('a'));
    bus.emit(delta('x'));
    bus.emit(warning('b'));
    expect(all).toEqual([1, 2, 3]);
    expect(some).toEqual(['warning', 'warning']);
  });

  test('a lossy subscriber never runs inside emit, and adjacent deltas of one call arrive merged', async () => {
    const bus = createEventBus();
    const seen: RunEvent[] = [];
    bus.subscribe((event) => seen.push(event));
    bus.emit(delta('a'));
    bus.emit(delta('b'));
    bus.emit(delta('c', { ...id, call_id: 'c2' }));
    bus.emit(delta('d'));
    expect(seen).toEqual([]);
    await nextTurn();
    expect(seen.map((event) => (event.type === 'text_delta' ? `${event.call_id}:${event.text}:${event.seq}` : ''))).toEqual(['c1:ab:2', 'c2:c:3', 'c1:d:4']);
  });

  test('a lossy queue is bounded: the oldest events go first', async () => {
    const dropped: string[] = [];
    const bus = createEventBus({ debug: (message) => dropped.push(message) });
    const seen: RunEvent[] = [];
    bus.subscribe((event) => seen.push(event));
    for (let index = 0; index < LOSSY_QUEUE_LIMIT + 5; index++) bus.emit(warning(String(index)));
    await nextTurn();
    expect(seen).toHaveLength(LOSSY_QUEUE_LIMIT);
    expect(seen[0]?.seq).toBe(6);
    expect(dropped).toHaveLength(5);
  });

  test('a subscriber that throws is removed and reported; the others and emit go on', () => {
    const reports: string[] = [];
    const bus = createEventBus({ debug: (message) => reports.push(message) });
    const seen: number[] = [];
    let calls = 0;
    bus.subscribe(
      () => {
        calls++;
        throw new Error('boom');
      },
      { lossless: true },
    );
    bus.subscribe((event) => seen.push(event.seq), { lossless: true });
    expect(() => bus.emit(warning('a'))).not.toThrow();
    bus.emit(warning('b'));
    expect(calls).toBe(1);
    expect(seen).toEqual([1, 2]);
    expect(reports[0]).toContain('boom');
  });

  test('unsubscribe stops delivery; close releases everyone and later emits are dropped', () => {
    const bus = createEventBus();
    const seen: number[] = [];
    let released = 0;
    const unsubscribe = bus.subscribe((event) => seen.push(event.seq), { lossless: true });
    bus.subscribe(() => undefined, { lossless: true, onRelease: () => released++ });
    bus.emit(warning('a'));
    unsubscribe();
    bus.emit(warning('b'));
    bus.close();
    expect(bus.emit(warning('c'))).toBeUndefined();
    expect(seen).toEqual([1]);
    expect(released).toBe(1);
  });

  test('replayable events: two readers at once and a late one each get everything, then end', async () => {
    const bus = createEventBus();
    const events = replayableEvents(bus);
    const read = async () => {
      const types: string[] = [];
      for await (const event of events) types.push(event.type);
      return types;
    };
    const both = Promise.all([read(), read()]);
    bus.emit(warning('a'));
    await nextTurn();
    bus.emit(end);
    bus.close();
    const [first, second] = await both;
    expect(first).toEqual(['warning', 'run_end']);
    expect(second).toEqual(first);
    expect(await read()).toEqual(first);
  });

  test('replayable events end when the bus closes without a run_end (a chat session closing)', async () => {
    const bus = createEventBus();
    const events = replayableEvents(bus);
    const reading = (async () => {
      const types: string[] = [];
      for await (const event of events) types.push(event.type);
      return types;
    })();
    bus.emit(warning('a'));
    bus.close();
    expect(await reading).toEqual(['warning']);
  });
});
