/** Bounded redraw (docs/cli.md): the status line shows the tail of the live text and redraws at most ~20 times a second. */
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createProgressRenderer } from '../../src/cli/progress.ts';
import { createStatusLine } from '../../src/cli/status-line.ts';
import { createStyle } from '../../src/cli/style.ts';
import type { RunEvent } from '../../src/runtime/events.ts';

const CLEAR = '\r\x1b[2K';

function ev(body: Record<string, unknown>): RunEvent {
  return {
    v: 1,
    ts: '2025-01-01T00:00:00.000Z',
    seq: 0,
    run_id: 'r1',
    call_id: 'c1',
    parent_call_id: null,
    worker: 'main',
    chain: ['main'],
    ...body,
  } as RunEvent;
}

/** A terminal stream recording each write, and a status line on it driven by a fake clock. */
function terminal() {
  // Wide enough for the whole 120-character tail.
  const stream = Object.assign(new PassThrough(), { columns: 200 });
  const writes: string[] = [];
  stream.on('data', (chunk: Buffer) => writes.push(chunk.toString()));
  const status = createStatusLine({ stream, style: createStyle(false), now: () => Date.now() });
  const redraws = () => writes.filter((write) => write.startsWith(CLEAR) && write.length > CLEAR.length);
  return { status, writes, redraws };
}

describe('status line redraw', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  test('a burst of updates draws once, then the next tick draws the latest text', () => {
    const { status, redraws } = terminal();
    for (let i = 0; i < 1000; i += 1) status.update(`main: chunk ${i}`, 0);
    expect(redraws()).toHaveLength(1);
    vi.advanceTimersByTime(80);
    expect(redraws()).toHaveLength(2);
    expect(redraws().at(-1)).toContain('main: chunk 999');
    status.stop();
  });

  test('updates every millisecond for two seconds cause at most ~20 redraws a second', () => {
    const { status, redraws } = terminal();
    for (let ms = 0; ms < 2000; ms += 1) {
      status.update(`main: ${ms}`, 0);
      vi.advanceTimersByTime(1);
    }
    expect(redraws().length).toBeLessThanOrEqual(41);
    expect(redraws().length).toBeGreaterThanOrEqual(20);
    status.stop();
  });

  test('pause and stop erase a throttled line, and nothing is drawn after stop', () => {
    const { status, writes } = terminal();
    status.update('main: a', 0);
    status.update('main: b', 0);
    status.pause();
    expect(writes.at(-1)).toBe(CLEAR);
    status.resume();
    expect(writes.at(-1)).toContain('main: b');
    status.update('main: c', 0);
    status.stop();
    expect(writes.at(-1)).toBe(CLEAR);
    const count = writes.length;
    status.update('main: d', 0);
    vi.advanceTimersByTime(1000);
    expect(writes).toHaveLength(count);
  });
});

describe('streamed text on the status line', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  test('shows the escaped tail of a long answer, and a throttled number of redraws', () => {
    const { status, redraws } = terminal();
    const render = createProgressRenderer({ write: () => undefined, verbose: false, status });
    render(ev({ type: 'run_start', model: 'm', input: 'go' }));
    render(ev({ type: 'model_request', model: 'm', step: 1 }));
    for (let i = 0; i < 5000; i += 1) render(ev({ type: 'text_delta', text: `word${i} ` }));
    render(ev({ type: 'text_delta', text: 'the end\x1b[2J' }));
    vi.advanceTimersByTime(80);
    expect(redraws().length).toBeLessThanOrEqual(3);
    const last = redraws().at(-1) ?? '';
    expect(last).toContain('word4999 the end\\x1b[2J');
    expect(last).not.toContain('word0 ');
    expect(last.slice(CLEAR.length)).not.toMatch(/\x1b/);
    status.stop();
  });

  test('text said before a tool call is printed whole in verbose mode', () => {
    const printed: string[] = [];
    const render = createProgressRenderer({ write: (text) => printed.push(text), verbose: true });
    render(ev({ type: 'run_start', model: 'm', input: 'go' }));
    render(ev({ type: 'model_request', model: 'm', step: 1 }));
    const deltas = Array.from({ length: 300 }, (_, i) => `w${i} `);
    for (const text of deltas) render(ev({ type: 'text_delta', text }));
    // The step ends (with its whole text) before its tool calls start.
    render(
      ev({
        type: 'model_step',
        model: 'm',
        step: 1,
        finish_reason: 'tool_calls',
        text: deltas.join(''),
        tool_calls: 1,
        input_tokens: 1,
        output_tokens: 1,
        duration_ms: 1,
      }),
    );
    render(ev({ type: 'tool_call', tool: 'read_file', tool_call_id: 't1', args: {} }));
    expect(printed.join('')).toContain(`» ${deltas.join('').trim()}`);
  });
});
