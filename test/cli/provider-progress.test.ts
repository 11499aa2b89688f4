/** What the terminal shows of provider-side happenings: retries and restarts, provider-run tools, the sources of an answer. */
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { createAnswerStream } from '../../src/cli/answer-stream.ts';
import type { CliIO } from '../../src/cli/io.ts';
import { createProgressDisplay } from '../../src/cli/progress-display.ts';
import { createProgressRenderer } from '../../src/cli/progress.ts';
import type { RunEvent } from '../../src/runtime/events.ts';

const ev = (body: Record<string, unknown>) =>
  ({ v: 1, ts: '', seq: 0, run_id: 'r', call_id: 'c1', parent_call_id: null, worker: 'main', chain: ['main'], ...body }) as RunEvent;
const zero = { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, cost_usd: 0, unpriced_models: [] };
const retry = (fields: Record<string, unknown>) =>
  ev({ type: 'model_retry', model: 'anthropic:claude-sonnet-4-5', attempt: 1, max_retries: 3, delay_ms: 34_400, message: 'HTTP 429', status: 429, ...fields });

function render(events: RunEvent[], entryTextOnStdout = false): string {
  let out = '';
  const renderer = createProgressRenderer({ write: (text) => (out += text), verbose: false, entryTextOnStdout });
  for (const event of events) renderer(event);
  return out;
}

function stream(isTTY: boolean) {
  const stream = new PassThrough() as PassThrough & { isTTY?: boolean };
  stream.isTTY = isTTY;
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

describe('retries on the terminal', () => {
  test('a wait the provider asked for says so; one longer than a minute reads in minutes', () => {
    expect(render([retry({ hint: 'RetryInfo' })])).toBe('  ! 429 from anthropic (claude-sonnet-4-5), retry 1/3 in 34.4 s, as RetryInfo asked\n');
    expect(render([retry({ delay_ms: 90_000, hint: 'retry-after' })])).toContain('retry 1/3 in 1 min 30 s, as retry-after asked');
  });

  test('an error event of a 200 stream names its type; a restart says the text so far is discarded', () => {
    const restart = retry({ status: undefined, message: 'overloaded_error', delay_ms: 500, restart: true });
    expect(render([restart])).toBe(
      '  ! overloaded_error from anthropic (claude-sonnet-4-5) mid-answer: the text so far is discarded; restarting the step, retry 1/3 in 0.5 s\n',
    );
  });

  test('under --quiet each wait is one line, and nothing else shows', () => {
    const stderr = stream(false);
    const io = { stdout: new PassThrough(), stderr: stderr.stream, stdin: new PassThrough(), env: {}, cwd: '/', homeDir: '/' } as CliIO;
    const display = createProgressDisplay(io, { quiet: true });
    display.onEvent(ev({ type: 'run_start', model: 'm', input: 'x' }));
    display.onEvent(retry({ delay_ms: 600_000, hint: 'retry-after' }));
    display.onEvent(ev({ type: 'run_end', status: 'ok', usage: { ...zero, by_worker: {} }, duration_ms: 1 }));
    display.stop();
    expect(stderr.text()).toBe('llm-do: 429 from anthropic (claude-sonnet-4-5), retry 1/3 in 10 min, as retry-after asked\n');
  });

  test('a restart ends the line of the answer streaming to stdout, so the notice stands apart', () => {
    const stdout = stream(true);
    const io = { stdout: stdout.stream, stderr: new PassThrough(), stdin: new PassThrough(), env: {}, cwd: '/', homeDir: '/' } as CliIO;
    const log: string[] = [];
    const answer = createAnswerStream(io, {
      onEvent: (event) => log.push(event.type),
      pause: () => log.push('pause'),
      resume: () => log.push('resume'),
      clear: () => undefined,
      stop: () => undefined,
      callLabel: (_, worker) => worker,
    });
    answer.onEvent(ev({ type: 'text_delta', text: 'Tides rise' }));
    answer.onEvent(retry({ message: 'overloaded_error', restart: true }));
    answer.onEvent(ev({ type: 'text_delta', text: 'Tides rise twice a day.' }));
    answer.end();
    expect(stdout.text()).toBe('Tides rise\nTides rise twice a day.\n');
    expect(log).toEqual(['pause', 'resume', 'model_retry', 'pause', 'resume']);
  });
});

describe('provider-run tools and sources on the terminal', () => {
  test('a provider-run tool shows its query and says it ran at the provider', () => {
    const out = render([
      ev({ type: 'tool_call', tool: 'web_search', tool_call_id: 'ws', args: { type: 'search', query: 'tides' }, provider_executed: true }),
      ev({ type: 'tool_result', tool: 'web_search', tool_call_id: 'ws', ok: true, result: [], duration_ms: 1200, provider_executed: true }),
    ]);
    expect(out).toBe('  ✓ web_search {"type":"search","query":"tides"}  1.2s · provider-run\n');
  });

  test('the sources of the answer are footnotes before the summary line, escaped', () => {
    const out = render(
      [
        ev({ type: 'run_start', model: 'm', input: 'x' }),
        ev({
          type: 'run_end',
          status: 'ok',
          output: 'Noon.',
          sources: [
            { type: 'url', url: 'https://tides.example/today', title: 'Tides \x1b[31mtoday' },
            { type: 'url', url: 'https://moon.example' },
            { type: 'document', title: 'Almanac', media_type: 'application/pdf', filename: 'almanac.pdf' },
          ],
          usage: { ...zero, by_worker: {} },
          duration_ms: 1,
        }),
      ],
      true,
    );
    expect(out).toBe(
      [
        '▸ main · m',
        'Sources:',
        '  [1] Tides \\x1b[31mtoday <https://tides.example/today>',
        '  [2] https://moon.example',
        '  [3] Almanac (almanac.pdf)',
        '✓ done in 1ms · 0 steps · 0 in / 0 out tokens · $0.0000',
        '',
      ].join('\n'),
    );
  });
});
