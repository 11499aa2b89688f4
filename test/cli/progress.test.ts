/** The progress renderer: plain lines in tree order, quiet, verbose, NO_COLOR and colors. */
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import type { CliIO } from '../../src/cli/io.ts';
import { createProgressDisplay } from '../../src/cli/progress-display.ts';
import { createProgressRenderer } from '../../src/cli/progress.ts';
import type { RunEvent } from '../../src/runtime/events.ts';

const ts = '2025-01-01T00:00:00.000Z';
const tokens = (input_tokens: number, output_tokens: number, cost_usd: number | null = 0) => ({
  input_tokens,
  output_tokens,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
  cost_usd,
  unpriced_models: cost_usd === null ? ['a-model'] : [],
});
const usage = { ...tokens(300, 40, null), by_worker: { main: tokens(200, 30, 0.0123), a: tokens(100, 10, null) } };

/** An event of the call at the end of `chain`: the entry is `c1`, the call below it `c2`. */
function ev(chain: string[], body: Record<string, unknown>): RunEvent {
  const nested = chain.length > 1;
  return {
    v: 1,
    ts,
    seq: 0,
    run_id: 'r1',
    call_id: nested ? 'c2' : 'c1',
    parent_call_id: nested ? 'c1' : null,
    worker: chain.at(-1),
    chain,
    ...body,
  } as RunEvent;
}

/** main says something, reads a file, delegates to a (which is denied a write), then answers; each step comes before its tool calls. */
const RUN: RunEvent[] = [
  ev(['main'], { type: 'run_start', model: 'test-model', input: 'go' }),
  ev(['main'], { type: 'model_request', model: 'test-model', step: 1 }),
  ev(['main'], { type: 'text_delta', text: 'Let me read ' }),
  ev(['main'], { type: 'text_delta', text: 'the notes.' }),
  ev(['main'], {
    type: 'model_step',
    model: 'test-model',
    step: 1,
    finish_reason: 'tool_calls',
    text: 'Let me read the notes.',
    tool_calls: 2,
    input_tokens: 100,
    output_tokens: 10,
    duration_ms: 30,
  }),
  ev(['main'], { type: 'tool_call', tool: 'read_file', tool_call_id: 'c1', args: { path: '/in/notes.txt' } }),
  ev(['main'], { type: 'tool_result', tool: 'read_file', tool_call_id: 'c1', ok: true, result: 'the notes', duration_ms: 4 }),
  ev(['main'], { type: 'tool_call', tool: 'a', tool_call_id: 'c2', args: { input: 'write it' } }),
  ev(['main', 'a'], { type: 'delegation_start', tool_call_id: 'c2', caller: 'main', model: 'a-model', depth: 1, input: 'write it' }),
  ev(['main', 'a'], { type: 'model_request', model: 'a-model', step: 1 }),
  ev(['main', 'a'], {
    type: 'model_step',
    model: 'a-model',
    step: 1,
    finish_reason: 'tool_calls',
    text: '',
    tool_calls: 1,
    input_tokens: 50,
    output_tokens: 5,
    duration_ms: 20,
  }),
  ev(['main', 'a'], { type: 'tool_call', tool: 'write_file', tool_call_id: 'c3', args: { path: '/out/x.md', content: 'x' } }),
  ev(['main', 'a'], {
    type: 'approval_decision',
    tool: 'write_file',
    tool_call_id: 'c3',
    approved: false,
    source: 'policy',
    reason: 'denied by policy (auto_deny)',
  }),
  ev(['main', 'a'], {
    type: 'tool_result',
    tool: 'write_file',
    tool_call_id: 'c3',
    ok: false,
    denied: true,
    error: 'denied by policy (auto_deny)',
    duration_ms: 1,
  }),
  ev(['main', 'a'], {
    type: 'model_step',
    model: 'a-model',
    step: 2,
    finish_reason: 'stop',
    text: 'could not write',
    tool_calls: 0,
    input_tokens: 50,
    output_tokens: 5,
    duration_ms: 20,
  }),
  ev(['main', 'a'], { type: 'delegation_end', tool_call_id: 'c2', caller: 'main', ok: true, duration_ms: 1500 }),
  ev(['main'], { type: 'tool_result', tool: 'a', tool_call_id: 'c2', ok: true, result: 'could not write', duration_ms: 1501 }),
  ev(['main'], {
    type: 'model_step',
    model: 'test-model',
    step: 2,
    finish_reason: 'stop',
    text: 'All done.',
    tool_calls: 0,
    input_tokens: 100,
    output_tokens: 20,
    duration_ms: 30,
  }),
  ev(['main'], { type: 'run_end', status: 'ok', output: 'All done.', usage, duration_ms: 2300 }),
];

function render(verbose: boolean, events = RUN): string {
  let out = '';
  const renderer = createProgressRenderer({ write: (text) => (out += text), verbose });
  for (const event of events) renderer(event);
  return out;
}

function fakeIO(env: Record<string, string | undefined>, isTTY: boolean): { io: CliIO; stderr: () => string } {
  const stream = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number };
  stream.isTTY = isTTY;
  stream.columns = 100;
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const io: CliIO = { stdout: new PassThrough(), stderr: stream, stdin: new PassThrough(), env, cwd: '/', homeDir: '/' };
  return { io, stderr: () => text };
}

describe('progress renderer', () => {
  test('plain mode draws the tree in order: text before the calls, one line per call, one pair per delegation', () => {
    expect(render(false)).toBe(
      [
        '▸ main · test-model',
        '  » Let me read the notes.',
        '  ✓ read_file {"path":"/in/notes.txt"}  4ms',
        '  ▸ a · a-model  write it',
        '    ⊘ denied write_file {"path":"/out/x.md","content":"x"}  1ms: denied by policy (auto_deny)',
        '  ◂ a ✓ 1.5s',
        '⊘ done with 1 denied call in 2.3s · 4 steps · 300 in / 40 out tokens · cost unknown',
        '',
      ].join('\n'),
    );
  });

  test('a run without denied calls ends "✓ done"; the count of denials starts again with the next run', () => {
    const out = render(false, [...RUN, ...RUN.filter((event) => !(event.type === 'tool_result' && event.denied))]);
    expect(out.match(/^. done.*$/gm)).toEqual([
      '⊘ done with 1 denied call in 2.3s · 4 steps · 300 in / 40 out tokens · cost unknown',
      '✓ done in 2.3s · 4 steps · 300 in / 40 out tokens · cost unknown',
    ]);
  });

  test('a tool whose result reports a failure (a non-zero exit) is ✗ with the reason, and verbose still shows the result', () => {
    const events: RunEvent[] = [
      ev(['main'], { type: 'tool_call', tool: 'shell', tool_call_id: 'c', args: { command: 'git nope' } }),
      ev(['main'], {
        type: 'tool_result',
        tool: 'shell',
        tool_call_id: 'c',
        ok: false,
        error: 'exit code 1',
        result: { exit_code: 1, stdout: '', stderr: 'unknown' },
        duration_ms: 3,
      }),
    ];
    expect(render(false, events)).toBe('  ✗ shell {"command":"git nope"}  3ms: exit code 1\n');
    expect(render(true, events)).toContain('  = {"exit_code":1,"stdout":"","stderr":"unknown"}\n');
  });

  test('verbose adds a line per model request, results, approval decisions and usage per worker', () => {
    const out = render(true);
    expect(out).toContain('  · step 1 · test-model\n');
    expect(out).toContain('    · step 1 · a-model\n');
    expect(out).toContain('    = the notes\n');
    expect(out).toContain('    denied write_file (policy)\n');
    expect(out).toContain('    main: 200 in / 30 out tokens · $0.0123\n    a: 100 in / 10 out tokens · cost unknown (no price for a-model)\n');
  });

  test('long arguments are shortened, but shown in full with verbose', () => {
    const long = 'x'.repeat(300);
    const events: RunEvent[] = [
      ev(['main'], { type: 'tool_call', tool: 'read_file', tool_call_id: 'c', args: { path: long } }),
      ev(['main'], { type: 'tool_result', tool: 'read_file', tool_call_id: 'c', ok: false, error: 'no such file', duration_ms: 2 }),
    ];
    const short = render(false, events);
    expect(short).toMatch(/^ {2}✗ read_file \{"path":"x+… {2}2ms: no such file\n$/);
    expect(short.length).toBeLessThan(130);
    expect(render(true, events)).toContain(long);
  });

  test('after a resume the last line says whose each figure is: steps and time since resuming, usage of the whole run', () => {
    const step = ev(['main'], {
      type: 'model_step',
      model: 'm',
      step: 3,
      finish_reason: 'stop',
      text: 'ok',
      tool_calls: 0,
      input_tokens: 1,
      output_tokens: 1,
      duration_ms: 1,
    });
    const out = render(false, [
      ev(['main'], { type: 'run_resumed', decisions: 1, answers: 0 }),
      step,
      ev(['main'], { type: 'run_end', status: 'ok', output: 'ok', usage, duration_ms: 900 }),
    ]);
    expect(out).toBe('↻ resumed main · 1 decision recorded\n✓ done in 900ms · 1 step since resuming · whole run: 300 in / 40 out tokens · cost unknown\n');
  });

  test("a resumed run's last line counts the calls denied before the pause too, as its usage is the whole run's", () => {
    let out = '';
    const renderer = createProgressRenderer({ write: (text) => (out += text), verbose: false, deniedBefore: 1 });
    renderer(ev(['main'], { type: 'run_resumed', decisions: 1, answers: 0 }));
    renderer(ev(['main'], { type: 'tool_result', tool: 'write_file', tool_call_id: 'w2', ok: true, result: 'wrote', duration_ms: 36 }));
    renderer(ev(['main'], { type: 'run_end', status: 'ok', output: 'all done', usage, duration_ms: 84 }));
    expect(out.trimEnd().split('\n').at(-1)).toBe(
      '⊘ done with 1 denied call in 84ms · 0 steps since resuming · whole run: 300 in / 40 out tokens · cost unknown',
    );
  });

  test('after a resume inside a sub-worker, its lines sit under a header of its own and the call that delegated to it prints once', () => {
    // Paused with main's write and a's write pending; resumed: a's write is denied, a answers, then main's write runs.
    const out = render(false, [
      ev(['main'], { type: 'run_resumed', decisions: 2, answers: 0 }),
      ev(['main', 'a'], {
        type: 'tool_result',
        tool: 'write_file',
        tool_call_id: 'w2',
        ok: false,
        denied: true,
        error: 'denied by user: nope',
        duration_ms: 0,
      }),
      ev(['main', 'a'], { type: 'delegation_end', tool_call_id: 'd1', caller: 'main', ok: true, duration_ms: 15 }),
      ev(['main'], { type: 'tool_result', tool: 'a', tool_call_id: 'd1', ok: true, result: 'a done', duration_ms: 15 }),
      ev(['main'], { type: 'tool_result', tool: 'write_file', tool_call_id: 'w1', ok: true, result: 'wrote', duration_ms: 60 }),
      ev(['main'], { type: 'run_end', status: 'ok', output: 'main done', usage, duration_ms: 91 }),
    ]);
    expect(out).toBe(
      [
        '↻ resumed main · 2 decisions recorded',
        '  ▸ a · resumed',
        '    ⊘ denied write_file  0ms: denied by user: nope',
        '  ◂ a ✓ 15ms',
        '  ✓ write_file  60ms',
        '⊘ done with 1 denied call in 91ms · 0 steps since resuming · whole run: 300 in / 40 out tokens · cost unknown',
        '',
      ].join('\n'),
    );
  });

  test("a failed call's error is shown whole, hint included; only a huge one is cut, saying so", () => {
    const hint = `shell failed: this worker has no file access (it has no sandbox mounts), so there is no directory to run commands in; ${'x'.repeat(120)} give it sandbox: paths: in its worker file or run with --mount NAME=DIR`;
    const failed = (error: string): RunEvent[] => [
      ev(['main'], { type: 'tool_call', tool: 'shell', tool_call_id: 'c', args: { command: 'ls' } }),
      ev(['main'], { type: 'tool_result', tool: 'shell', tool_call_id: 'c', ok: false, error, duration_ms: 0 }),
    ];
    expect(render(false, failed(hint))).toBe(`  ✗ shell {"command":"ls"}  0ms: ${hint}\n`);
    const huge = render(false, failed('y'.repeat(2500)));
    expect(huge).toContain(`${'y'.repeat(2000)}… (cut: 500 more characters; --verbose shows all)\n`);
    expect(render(true, failed('y'.repeat(2500)))).toContain('y'.repeat(2500));
  });

  test('without streaming, text said with tool calls is still shown once (when the step reports it)', () => {
    const events = RUN.filter((event) => event.type !== 'text_delta');
    const out = render(false, events);
    expect(out.match(/» Let me read the notes\./g)).toHaveLength(1);
  });

  test('a delegation refused before it starts shows as a failed call', () => {
    const out = render(false, [
      ev(['main'], { type: 'tool_call', tool: 'a', tool_call_id: 'c', args: { input: 'hi' } }),
      ev(['main'], { type: 'tool_result', tool: 'a', tool_call_id: 'c', ok: false, error: 'circular delegation: main → a → main', duration_ms: 0 }),
    ]);
    expect(out).toBe('  ✗ a {"input":"hi"}  0ms: circular delegation: main → a → main\n');
  });

  test('--quiet prints nothing', () => {
    const { io, stderr } = fakeIO({}, true);
    const display = createProgressDisplay(io, { quiet: true });
    for (const event of RUN) display.onEvent(event);
    display.stop();
    expect(stderr()).toBe('');
  });

  test('NO_COLOR on a terminal and a non-terminal stderr both give plain lines without escapes', () => {
    for (const [env, tty] of [
      [{ NO_COLOR: '1' }, true],
      [{}, false],
      [{ TERM: 'dumb' }, true],
    ] as const) {
      const { io, stderr } = fakeIO(env, tty);
      const display = createProgressDisplay(io, {});
      for (const event of RUN) display.onEvent(event);
      display.stop();
      expect(stderr()).toBe(render(false));
    }
  });

  test('a color terminal gets colors and a status line that is erased again', () => {
    const { io, stderr } = fakeIO({ TERM: 'xterm-256color' }, true);
    const display = createProgressDisplay(io, {});
    for (const event of RUN) display.onEvent(event);
    display.stop();
    const out = stderr();
    expect(out).toContain('\x1b[32m✓\x1b[39m');
    expect(out).toContain('waiting for the model');
    // Without the escapes and the status line, the lines are the plain ones.
    const plain = out.replace(/\r\x1b\[2K(\x1b\[2m[^\n]*?\x1b\[22m)?/g, '').replace(/\x1b\[\d+m/g, '');
    expect(plain).toBe(render(false));
  });
});

describe('hostile text in events', () => {
  const X = '\x1b[2J\x1b[1A\u202e\x9b';
  const hostile: RunEvent[] = [
    ev(['main'], { type: 'run_start', model: `m${X}`, input: `in${X}` }),
    ev(['main'], { type: 'model_request', model: 'm', step: 1 }),
    ev(['main'], { type: 'text_delta', text: `said${X}\nmore${X}` }),
    ev(['main'], {
      type: 'model_step',
      model: 'm',
      step: 1,
      finish_reason: 'tool_calls',
      text: `said${X}\nmore${X}`,
      tool_calls: 1,
      input_tokens: 1,
      output_tokens: 1,
      duration_ms: 1,
    }),
    ev(['main'], { type: 'tool_call', tool: `t${X}`, tool_call_id: 'c1', args: { path: `p${X}` } }),
    ev(['main'], { type: 'approval_decision', tool: `t${X}`, tool_call_id: 'c1', approved: false, source: 'policy' }),
    ev(['main'], { type: 'tool_result', tool: `t${X}`, tool_call_id: 'c1', ok: false, error: `failed${X}`, duration_ms: 1 }),
    ev(['main', `w${X}`], { type: 'delegation_start', tool_call_id: 'c2', caller: 'main', model: `m${X}`, depth: 1, input: `go${X}` }),
    ev(['main', `w${X}`], { type: 'warning', message: `warn${X}` }),
    ev(['main', `w${X}`], { type: 'delegation_end', tool_call_id: 'c2', caller: 'main', ok: false, error: `err${X}`, duration_ms: 3 }),
    ev(['main'], { type: 'run_end', status: 'ok', output: 'x', usage: { ...usage, by_worker: { [`w${X}`]: tokens(1, 1) } }, duration_ms: 9 }),
  ];

  test.each([false, true])('every name and text is shown escaped (verbose: %s)', (verbose) => {
    const out = render(verbose, hostile);
    expect(out).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
    for (const shown of ['m\\x1b[2J', 'said\\x1b[2J', 't\\x1b[2J', 'failed\\x1b[2J', 'w\\x1b[2J', 'warn\\x1b[2J', 'err\\x1b[2J']) expect(out).toContain(shown);
  });
});

describe('progress under concurrency (docs/cli.md)', () => {
  /** An event of call `callId` of `worker` under the entry `c1`. */
  const child = (callId: string, worker: string, body: Record<string, unknown>) => ({ ...ev(['main', worker], body), call_id: callId }) as RunEvent;

  test('parallel calls of one worker are named apart and paired with their own tool calls, even with reused model ids', () => {
    const out = render(false, [
      ev(['main'], { type: 'run_start', model: 'm', input: 'go' }),
      ev(['main'], { type: 'tool_call', tool: 'reviewer', tool_call_id: 't1', args: { input: 'a' } }),
      ev(['main'], { type: 'tool_call', tool: 'reviewer', tool_call_id: 't2', args: { input: 'b' } }),
      child('c2', 'reviewer', { type: 'delegation_start', tool_call_id: 't1', caller: 'main', model: 'm', depth: 1, input: 'a' }),
      child('c3', 'reviewer', { type: 'delegation_start', tool_call_id: 't2', caller: 'main', model: 'm', depth: 1, input: 'b' }),
      // Both children's models happen to use the same tool call id.
      child('c3', 'reviewer', { type: 'tool_call', tool: 'read_file', tool_call_id: 'x', args: { path: 'b' } }),
      child('c2', 'reviewer', { type: 'tool_call', tool: 'read_file', tool_call_id: 'x', args: { path: 'a' } }),
      child('c2', 'reviewer', { type: 'tool_result', tool: 'read_file', tool_call_id: 'x', ok: true, result: '', duration_ms: 1 }),
      child('c3', 'reviewer', { type: 'tool_result', tool: 'read_file', tool_call_id: 'x', ok: true, result: '', duration_ms: 2 }),
      child('c3', 'reviewer', { type: 'delegation_end', tool_call_id: 't2', caller: 'main', ok: true, duration_ms: 5 }),
      ev(['main'], { type: 'tool_result', tool: 'reviewer', tool_call_id: 't2', ok: true, result: 'b', duration_ms: 5 }),
      child('c2', 'reviewer', { type: 'delegation_end', tool_call_id: 't1', caller: 'main', ok: true, duration_ms: 6 }),
      ev(['main'], { type: 'tool_result', tool: 'reviewer', tool_call_id: 't1', ok: true, result: 'a', duration_ms: 6 }),
    ]);
    expect(out).toBe(
      [
        '▸ main · m',
        '  ▸ reviewer · m  a',
        '  ▸ reviewer#2 · m  b',
        '    reviewer#1 ✓ read_file {"path":"a"}  1ms',
        '    reviewer#2 ✓ read_file {"path":"b"}  2ms',
        '  ◂ reviewer#2 ✓ 5ms',
        '  ◂ reviewer ✓ 6ms',
        '',
      ].join('\n'),
    );
  });

  test('the status line shows every running call: parallel sub-workers side by side, each gone when it ends', () => {
    const updates: string[] = [];
    const status = {
      update: (text: string) => void updates.push(text),
      print: () => undefined,
      pause: () => undefined,
      resume: () => undefined,
      stop: () => undefined,
    };
    const renderer = createProgressRenderer({ write: () => undefined, verbose: false, status });
    for (const event of [
      ev(['main'], { type: 'run_start', model: 'm', input: 'go' }),
      ev(['main'], { type: 'tool_call', tool: 'reviewer', tool_call_id: 't1', args: { input: 'a' } }),
      ev(['main'], { type: 'tool_call', tool: 'reviewer', tool_call_id: 't2', args: { input: 'b' } }),
      child('c2', 'reviewer', { type: 'delegation_start', tool_call_id: 't1', caller: 'main', model: 'm', depth: 1, input: 'a' }),
      child('c3', 'reviewer', { type: 'delegation_start', tool_call_id: 't2', caller: 'main', model: 'm', depth: 1, input: 'b' }),
      child('c2', 'reviewer', { type: 'tool_call', tool: 'read_file', tool_call_id: 'r', args: { path: 'a' } }),
      child('c3', 'reviewer', { type: 'delegation_end', tool_call_id: 't2', caller: 'main', ok: true, duration_ms: 5 }),
    ])
      renderer(event);
    expect(updates.slice(3)).toEqual([
      'reviewer · waiting for the model',
      'reviewer#1 · waiting for the model │ reviewer#2 · waiting for the model',
      'reviewer#1 → read_file │ reviewer#2 · waiting for the model',
      'reviewer#1 → read_file',
    ]);
  });

  test('a retry is shown with its call, and an interrupted run says so', () => {
    const out = render(false, [
      ev(['main'], { type: 'run_start', model: 'm', input: 'go' }),
      ev(['main'], { type: 'model_retry', model: 'anthropic:x', attempt: 2, max_retries: 4, delay_ms: 2000, status: 429, message: 'HTTP 429' }),
      ev(['main'], { type: 'run_end', status: 'interrupted', error: 'interrupted', usage, duration_ms: 10 }),
    ]);
    expect(out).toContain('  ! 429 from anthropic (x), retry 2/4 in 2.0 s\n');
    expect(out).toContain('⊘ interrupted in 10ms');
  });

  test('after Ctrl-C, calls that end unsuccessfully show as interrupted, not as failures', () => {
    const interrupt = new AbortController();
    let out = '';
    const renderer = createProgressRenderer({ write: (text) => (out += text), verbose: false, interrupted: () => interrupt.signal.aborted });
    const events = [
      child('c2', 'a', { type: 'delegation_start', tool_call_id: 't1', caller: 'main', model: 'm', depth: 1, input: 'x' }),
      child('c2', 'a', { type: 'tool_call', tool: 'shell', tool_call_id: 's', args: { command: 'sleep 9' } }),
      child('c2', 'a', { type: 'tool_result', tool: 'shell', tool_call_id: 's', ok: false, error: 'interrupted', duration_ms: 3 }),
      child('c2', 'a', { type: 'delegation_end', tool_call_id: 't1', caller: 'main', ok: false, error: 'interrupted', duration_ms: 5 }),
    ];
    renderer(events[0]!);
    renderer(events[1]!);
    interrupt.abort();
    renderer(events[2]!);
    renderer(events[3]!);
    expect(out).toBe('  ▸ a · m  x\n    ⊘ interrupted shell {"command":"sleep 9"}  3ms\n  ◂ a ⊘ interrupted 5ms\n');
  });

  test('a retry without an HTTP status names its reason', () => {
    const out = render(false, [
      ev(['main'], { type: 'model_retry', model: 'openai:gpt-x', attempt: 1, max_retries: 3, delay_ms: 500, message: 'stream_timeout' }),
    ]);
    expect(out).toBe('  ! stream_timeout from openai (gpt-x), retry 1/3 in 0.5 s\n');
  });

  test('parallel calls of different workers name their lines too, and stop once they no longer overlap', () => {
    const out = render(false, [
      ev(['main'], { type: 'run_start', model: 'm', input: 'go' }),
      child('c2', 'a', { type: 'delegation_start', tool_call_id: 't1', caller: 'main', model: 'm', depth: 1, input: 'x' }),
      child('c2', 'a', { type: 'tool_call', tool: 'read_file', tool_call_id: 'r', args: { path: 'a' } }),
      child('c2', 'a', { type: 'tool_result', tool: 'read_file', tool_call_id: 'r', ok: true, result: '', duration_ms: 1 }),
      child('c3', 'b', { type: 'delegation_start', tool_call_id: 't2', caller: 'main', model: 'm', depth: 1, input: 'y' }),
      child('c3', 'b', { type: 'tool_call', tool: 'read_file', tool_call_id: 'r', args: { path: 'b' } }),
      child('c3', 'b', { type: 'tool_result', tool: 'read_file', tool_call_id: 'r', ok: true, result: '', duration_ms: 2 }),
      child('c2', 'a', { type: 'tool_call', tool: 'read_file', tool_call_id: 's', args: { path: 'a2' } }),
      child('c2', 'a', { type: 'tool_result', tool: 'read_file', tool_call_id: 's', ok: true, result: '', duration_ms: 3 }),
      // The entry's own lines stay unnamed: its indentation sets them apart from its children.
      ev(['main'], { type: 'warning', message: 'slow' }),
      child('c2', 'a', { type: 'delegation_end', tool_call_id: 't1', caller: 'main', ok: true, duration_ms: 5 }),
      child('c3', 'b', { type: 'tool_call', tool: 'read_file', tool_call_id: 's', args: { path: 'b2' } }),
      child('c3', 'b', { type: 'tool_result', tool: 'read_file', tool_call_id: 's', ok: true, result: '', duration_ms: 4 }),
    ]);
    expect(out).toBe(
      [
        '▸ main · m',
        '  ▸ a · m  x',
        '    ✓ read_file {"path":"a"}  1ms',
        '  ▸ b · m  y',
        '    b ✓ read_file {"path":"b"}  2ms',
        '    a ✓ read_file {"path":"a2"}  3ms',
        '  ! slow',
        '  ◂ a ✓ 5ms',
        '    ✓ read_file {"path":"b2"}  4ms',
        '',
      ].join('\n'),
    );
  });

  test('while paused (an approval prompt is open) progress is held back, then printed in order', () => {
    for (const tty of [true, false]) {
      const { io, stderr } = fakeIO({ TERM: 'xterm-256color' }, tty);
      const display = createProgressDisplay(io, {});
      display.onEvent(RUN[0]!);
      display.pause();
      const before = stderr();
      for (const event of RUN.slice(1, 6)) display.onEvent(event);
      expect(stderr()).toBe(before);
      display.resume();
      const plain = stderr()
        .replace(/\r\x1b\[2K(\x1b\[2m[^\n]*?\x1b\[22m)?/g, '')
        .replace(/\x1b\[\d+m/g, '');
      expect(plain).toBe(render(false, RUN.slice(0, 6)));
      display.stop();
    }
  });

  test('the display names calls for the approval prompt, also with --quiet', () => {
    for (const quiet of [false, true]) {
      const { io } = fakeIO({}, false);
      const display = createProgressDisplay(io, { quiet });
      display.onEvent(ev(['main'], { type: 'run_start', model: 'm', input: 'go' }));
      display.onEvent(child('c2', 'reviewer', { type: 'delegation_start', tool_call_id: 't1', caller: 'main', model: 'm', depth: 1, input: 'a' }));
      expect(display.callLabel('c2', 'reviewer')).toBe('reviewer');
      display.onEvent(child('c3', 'reviewer', { type: 'delegation_start', tool_call_id: 't2', caller: 'main', model: 'm', depth: 1, input: 'b' }));
      expect(display.callLabel('c3', 'reviewer')).toBe('reviewer#2');
      display.stop();
    }
  });
});

test('chat: a finished turn is not counted as an active call of its worker', () => {
  let out = '';
  const renderer = createProgressRenderer({ write: (text) => (out += text), verbose: false, conversation: true });
  const turn = (callId: string) => [
    { ...ev(['main'], { type: 'run_start', model: 'm', input: 'hi' }), call_id: callId },
    { ...ev(['main'], { type: 'tool_result', tool: 'write_file', tool_call_id: 't', ok: true, result: '', duration_ms: 1 }), call_id: callId },
    { ...ev(['main'], { type: 'run_end', status: 'ok', output: 'x', usage, duration_ms: 1 }), call_id: callId },
  ];
  for (const event of [...turn('c1'), ...turn('c2')] as RunEvent[]) renderer(event);
  expect(out).toBe('  ✓ write_file  1ms\n  ✓ write_file  1ms\n');
});

describe('stop reasons, commentary and reasoning', () => {
  const step = (body: Record<string, unknown>) =>
    ev(['main'], {
      type: 'model_step',
      model: 'm',
      step: 1,
      finish_reason: 'stop',
      text: '',
      tool_calls: 0,
      input_tokens: 1,
      output_tokens: 1,
      duration_ms: 1,
      ...body,
    });

  test('a step that stopped for a reason other than an answer or tool calls says why, with the provider’s word', () => {
    const out = render(false, [
      step({ finish_reason: 'length', provider_finish_reason: 'max_tokens', text: 'cut' }),
      step({ finish_reason: 'refusal', finish_detail: 'blocked under the usage policy' }),
      step({ finish_reason: 'content_filter', provider_finish_reason: 'SAFETY' }),
      step({ finish_reason: 'pause_turn' }),
      step({ finish_reason: 'other', provider_finish_reason: 'compaction' }),
      step({ finish_reason: 'stop', provider_finish_reason: 'end_turn', text: 'fine' }),
    ]);
    expect(out).toBe(
      [
        '  ! the answer was cut at the output token limit (length: max_tokens)',
        '  ! the model refused to answer (refusal): blocked under the usage policy',
        "  ! the provider's content filter stopped the answer (content_filter: SAFETY)",
        '  ! the provider paused a long turn; llm-do sends it back to be continued (pause_turn)',
        '  ! the provider stopped for a reason llm-do does not know (other: compaction)',
        '',
      ].join('\n'),
    );
  });

  test("commentary is progress, also the entry's whose answer goes to stdout", () => {
    let out = '';
    const renderer = createProgressRenderer({ write: (text) => (out += text), verbose: false, entryTextOnStdout: true });
    renderer(ev(['main'], { type: 'commentary', text: 'I will check a few sources first.' }));
    renderer(ev(['main'], { type: 'text_delta', text: 'The answer.' }));
    expect(out).toBe('  » I will check a few sources first.\n');
  });

  const thinking: RunEvent[] = [
    ev(['main'], { type: 'model_request', model: 'm', step: 1 }),
    ev(['main'], { type: 'reasoning_delta', text: '' }),
    ev(['main'], { type: 'reasoning_delta', text: 'First, the user\nwants a ' }),
    ev(['main'], { type: 'reasoning_delta', text: 'touch\u202e\x1b[2J.' }),
    ev(['main'], { type: 'tool_call', tool: 'touch', tool_call_id: 't', args: {} }),
    step({ finish_reason: 'tool_calls', tool_calls: 1, reasoning_tokens: 24 }),
  ];

  test('reasoning is shown as it streams, line by line and escaped, with --show-reasoning or -v; not otherwise', () => {
    let out = '';
    const renderer = createProgressRenderer({ write: (text) => (out += text), verbose: false, showReasoning: true });
    for (const event of thinking) renderer(event);
    expect(out).toBe(['  ∴ First, the user', '  ∴ wants a touch\\u202e\\x1b[2J.', '  ∴ 24 reasoning tokens', ''].join('\n'));
    expect(render(true, thinking)).toContain('  ∴ wants a touch\\u202e\\x1b[2J.\n');
    expect(render(false, thinking)).not.toContain('∴');
  });

  test('the status line says the model is thinking, with an estimate of the tokens so far', () => {
    const updates: string[] = [];
    const status = {
      update: (text: string) => void updates.push(text),
      print: () => undefined,
      pause: () => undefined,
      resume: () => undefined,
      stop: () => undefined,
    };
    const renderer = createProgressRenderer({ write: () => undefined, verbose: false, status });
    for (const event of thinking.slice(0, 4)) renderer(event);
    expect(updates).toEqual(['main · waiting for the model', 'main · thinking', 'main · thinking (~6 tokens)', 'main · thinking (~9 tokens)']);
  });
});
