/**
 * The terminal under concurrency (docs/cli.md), in a real pseudo-terminal against the scripted server:
 * main delegates to `a` twice in one step, so two calls of one worker run in parallel. Nothing prints
 * over an approval prompt, queued prompts name their call, lines name their call, retries are shown,
 * the entry answer streams once, and Ctrl-C ends the run as `interrupted` (twice: at once).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedHandler, ScriptedReply, ScriptedRequest } from '../../../src/testkit/index.ts';
import { byWorker, closeServers, scripted } from '../helpers/scripted.ts';
import { copyFixture, runInPty } from './pty.ts';

afterAll(closeServers);

const MODEL = ['--model', 'openai-compatible:scripted-chat'];
const BOTH = {
  toolCalls: [
    { name: 'a', args: { input: 'first' } },
    { name: 'a', args: { input: 'second' } },
  ],
};
const write = (file: string) => ({ toolCalls: [{ name: 'write_file', args: { path: `/work/${file}`, content: 'x\n' } }] });
const READ = { toolCalls: [{ name: 'read_file', args: { path: '/work/notes.txt' } }] };

/** main asks `a` for `first` and `second` at once, then answers `answer`; each `a` call plays its turns. */
function parallel(turns: { first: ScriptedReply[]; second: ScriptedReply[] }, answer: ScriptedReply = { text: 'both done' }): ScriptedHandler {
  const play = (request: ScriptedRequest) => {
    const own = request.lastUserText.includes('second') ? turns.second : turns.first;
    return own[Math.min(request.toolResults.length, own.length - 1)]!;
  };
  return byWorker({ main: (request) => (request.toolResults.length === 0 ? BOTH : answer), a: play });
}

/** The terminal output after the first `text`. */
function after(output: string, text: string): string {
  const at = output.indexOf(text);
  return at < 0 ? '' : output.slice(at + text.length);
}

describe.concurrent('the terminal under concurrency', () => {
  test('nothing prints over an approval prompt; what other calls did follows the answer; the queued prompt names its call', async () => {
    const dir = copyFixture();
    // a#1 asks at once and stays active a while after; a#2 reads a file while the prompt is open, then asks too.
    const firstAsks = write('one.md');
    const secondReads = { ...READ, delayMs: 400 };
    const play = parallel({ first: [firstAsks, { text: 'one written', delayMs: 600 }], second: [secondReads, write('two.md'), { text: 'two written' }] });
    // The two requests race: a#2's read is answered only after a#1's request was, so it cannot come first on a loaded machine.
    let firstAnswered!: () => void;
    const firstAnsweredYet = new Promise<void>((resolve) => (firstAnswered = resolve));
    const { env } = await scripted(async (request, index) => {
      const reply = await play(request, index);
      if (reply === firstAsks) firstAnswered();
      if (reply === secondReads) await firstAnsweredYet;
      return reply;
    });
    const result = await runInPty([dir, 'write both', ...MODEL], {
      env,
      steps: [{ expect: 'choice> ' }, { sleep: 1 }, { send: 'a\r' }, { expect: 'choice> ' }, { send: 'a\r' }, { expect: 'out tokens' }],
    });

    expect(result.error, result.screen).toBeNull();
    expect(result.code, result.screen).toBe(0);
    // While the first prompt waited (a#2 read its file meanwhile), the terminal received nothing but our answer's echo.
    const whilePrompting = after(result.output, 'choice> ');
    expect(whilePrompting.startsWith('a'), JSON.stringify(whilePrompting.slice(0, 200))).toBe(true);
    const lines = result.screen.split('\n');
    const first = lines.indexOf('approval needed · main › a#1 wants to run write_file');
    const read = lines.findIndex((line) => /^ {4}a#2 ✓ read_file \{"path":"\/work\/notes\.txt"\}/.test(line));
    const second = lines.indexOf('approval needed · main › a#2 wants to run write_file');
    expect(first, result.screen).toBeGreaterThan(0);
    expect(read, result.screen).toBeGreaterThan(first);
    expect(second, result.screen).toBeGreaterThan(read);
    // a#1's write may finish while a#2's prompt is open; its line then follows that answer, and once a#2
    // has ended it is the only call of `a` left, so its line no longer needs the #1.
    expect(result.screen).toMatch(/^ {4}(a#1 )?✓ write_file \{"path":"\/work\/one\.md"/m);
    expect(fs.readFileSync(path.join(dir, 'work/two.md'), 'utf8')).toBe('x\n');
    // The entry's answer, streamed to the terminal, appears once.
    expect(result.output.split('both done')).toHaveLength(2);
  });

  test('the status line shows both parallel calls while they wait for the model', async () => {
    const dir = copyFixture();
    const { env } = await scripted(parallel({ first: [{ text: 'one', delayMs: 800 }], second: [{ text: 'two', delayMs: 800 }] }));
    const result = await runInPty([dir, 'go', ...MODEL], { env, steps: [{ expect: 'out tokens' }] });

    expect(result.error, result.screen).toBeNull();
    expect(result.code, result.screen).toBe(0);
    expect(result.output).toMatch(/a#1 · waiting for the model │ a#2 · waiting for the model/);
  });

  test('a retry is shown on the line of its call: status, provider, attempt and wait', async () => {
    const dir = copyFixture();
    let refused = false;
    // a#1 stays active a while, so a#2's lines carry its name; a#2's first request is refused once.
    const handler = parallel({ first: [{ text: 'one', delayMs: 800 }], second: [{ text: 'two' }] });
    const { env } = await scripted((request, index) => {
      if (!refused && request.lastUserText.includes('second')) {
        refused = true;
        return { status: 429, headers: { 'retry-after': '0' } };
      }
      return handler(request, index);
    });
    const result = await runInPty([dir, 'go', ...MODEL], { env, steps: [{ expect: 'out tokens' }] });

    expect(result.error, result.screen).toBeNull();
    expect(result.code, result.screen).toBe(0);
    expect(result.screen).toMatch(/^ {4}a#2 ! 429 from openai-compatible \(scripted-chat\), retry 1\/3 in 0\.0 s, as retry-after asked$/m);
  });

  test('the entry answer streams as it arrives; one Ctrl-C during parallel calls ends the run as interrupted (130), nothing after run_end', async () => {
    const dir = copyFixture();
    const trace = path.join(dir, 'trace.jsonl');
    const { env } = await scripted(
      parallel({ first: [{ text: 'slow one', delayMs: 20_000 }], second: [{ text: 'slow two', delayMs: 20_000 }] }, { text: 'never' }),
    );
    const streaming = await scripted(() => ({ text: 'streaming answer arrives word by word', stallAfterEvents: 4 }));
    const [parallelRun, streamedRun] = await Promise.all([
      runInPty([dir, 'go', '--trace', trace, ...MODEL], {
        env,
        steps: [{ expect: 'second' }, { sleep: 0.3 }, { send: '\u0003' }],
      }),
      runInPty([copyFixture(), 'go', ...MODEL], {
        env: streaming.env,
        steps: [{ expect: 'streaming answer' }, { sleep: 0.3 }, { send: '\u0003' }],
      }),
    ]);

    for (const result of [parallelRun, streamedRun]) {
      expect(result.error, result.screen).toBeNull();
      expect(result.code, result.screen).toBe(130);
      expect(result.screen).toMatch(/^⊘ interrupted in /m);
      expect(result.screen).toMatch(/^llm-do: interrupted$/m);
      expect(result.screen).not.toMatch(/max_steps|✗|error/i);
    }
    // The answer's first words were on the terminal before the run ended (the server never sent the rest).
    expect(streamedRun.screen).toMatch(/^streaming answer /m);
    const events = fs
      .readFileSync(trace, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; status?: string });
    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'interrupted' });
    expect(events.filter((event) => event.type === 'run_end')).toHaveLength(1);
  });

  test('chat: Ctrl-C cancels the turn; the delegation it cut short shows as interrupted, not failed', async () => {
    const dir = copyFixture();
    const { env } = await scripted(
      byWorker({ main: () => ({ toolCalls: [{ name: 'a', args: { input: 'sub task' } }] }), a: () => ({ text: 'too late', delayMs: 20_000 }) }),
    );
    const result = await runInPty(['chat', dir, ...MODEL], {
      env,
      steps: [
        { expect: 'you› ' },
        { send: 'go\r' },
        { expect: 'sub task' },
        { sleep: 0.3 },
        { send: '\u0003' },
        { expect: '(turn cancelled)' },
        { expect: 'you› ' },
        { send: '\u0004' },
      ],
    });

    expect(result.error, result.screen).toBeNull();
    expect(result.code, result.screen).toBe(0);
    expect(result.screen).toMatch(/^ {2}◂ a ⊘ interrupted \d+ms$/m);
    expect(result.screen).not.toContain('✗');
  });

  test('a second Ctrl-C exits at once, even while tool code blocks the event loop after the first', async () => {
    const dir = copyFixture();
    // On the interrupt this tool computes for 15 s without yielding: nothing in the process can run meanwhile.
    fs.writeFileSync(
      path.join(dir, 'tools.ts'),
      "import { defineTool } from 'llm-do';\nimport { z } from 'zod';\n" +
        'export const crunch = defineTool({ description: "Crunches", inputSchema: z.object({}), needsApproval: false, ' +
        // (the interval keeps the event loop busy, else the process guard would call the run stalled)
        'execute: (_args, ctx) => new Promise((done) => { const alive = setInterval(() => {}, 1000); ' +
        'ctx.signal.addEventListener("abort", () => { clearInterval(alive); const end = Date.now() + 15000; while (Date.now() < end); done("late"); }); }) });\n',
    );
    fs.writeFileSync(path.join(dir, 'main.worker'), '---\nname: main\ntoolsets:\n  custom: {}\n---\nYou are worker main.\n');
    const { env } = await scripted((request) => (request.toolResults.length === 0 ? { toolCalls: [{ name: 'crunch', args: {} }] } : { text: 'done' }));
    const started = Date.now();
    const result = await runInPty([dir, 'go', ...MODEL], {
      env,
      steps: [{ expect: 'crunch' }, { sleep: 0.2 }, { send: '\u0003' }, { sleep: 0.3 }, { send: '\u0003' }],
    });

    expect(result.error, result.screen).toBeNull();
    // Ended by the signal itself (the shell reports 130), well before the tool's 15 s were up.
    expect(result.signal, result.screen).toBe(2);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
