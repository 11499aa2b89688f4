/**
 * Questions of interactive workers at a real terminal (docs/worker-format.md, docs/cli.md), against the scripted server:
 * the question of a delegated worker names its chain, is shown escaped, waits for a line (an empty
 * one asks again) and the typed line reaches the worker's model as the tool's result; a question and
 * an approval from two parallel calls are put one at a time, nothing printed over the open prompt.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedReply, ScriptedRequest } from '../../../src/testkit/index.ts';
import { byWorker, closeServers, scripted } from '../helpers/scripted.ts';
import { copyFixture, runInPty } from './pty.ts';

afterAll(closeServers);

const MODEL = ['--model', 'openai-compatible:scripted-chat'];
const ASK = { toolCalls: [{ name: 'ask_user', args: { question: 'Which city?\u001b[31m\nOne line, please.' } }] };
const resultsOf = (request: ScriptedRequest) => request.toolResults.map((result) => result.content).join(' | ');

/** The fixture with worker `a` interactive. */
function interactiveFixture(): string {
  const dir = copyFixture();
  const file = path.join(dir, 'workers/a.worker');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('name: a\n', 'name: a\ninteractive: true\n'));
  return dir;
}

/** The terminal output after the first `text`. */
function after(output: string, text: string): string {
  const at = output.indexOf(text);
  return at < 0 ? '' : output.slice(at + text.length);
}

describe.concurrent('questions at the terminal', () => {
  test('a delegated worker asks: the chain named, the question escaped, an empty line asks again, the answer reaches its model', async () => {
    const dir = interactiveFixture();
    const { server, env } = await scripted(
      byWorker({
        main: (request) =>
          request.toolResults.length === 0 ? { toolCalls: [{ name: 'a', args: { input: 'plan a trip' } }] } : { text: `main got: ${resultsOf(request)}` },
        a: (request) => (request.toolResults.length === 0 ? ASK : { text: `a heard: ${resultsOf(request)}` }),
      }),
    );
    const result = await runInPty([dir, 'plan', ...MODEL], {
      env,
      steps: [
        { expect: 'answer> ' },
        { send: '\r' },
        { expect: 'please type an answer' },
        { expect: 'answer> ' },
        { send: 'Lisbon, in May\r' },
        { expect: 'main got:' },
      ],
    });

    expect(result.error, result.screen).toBeNull();
    expect(result.code, result.screen).toBe(0);
    expect(result.screen).toContain('question · main › a asks:\n  Which city?\\x1b[31m\n  One line, please.\nanswer>');
    expect(result.output).not.toContain('\u001b[31m');
    expect(result.screen).toContain('main got: a heard: Lisbon, in May');
    const answered = server.requests.filter((request) => request.toolResults.some((toolResult) => toolResult.content === 'Lisbon, in May'));
    expect(answered).toHaveLength(1);
  });

  test('a question and an approval of two parallel calls: one prompt at a time, each naming its call, nothing printed over it', async () => {
    const dir = interactiveFixture();
    const write: ScriptedReply = { toolCalls: [{ name: 'write_file', args: { path: '/work/two.md', content: 'x\n' } }] };
    // The write asks only once the question is on screen: its prompt must wait in the queue, not print over it.
    let questionAsked!: () => void;
    const questionAskedYet = new Promise<void>((resolve) => (questionAsked = resolve));
    const { env } = await scripted(
      byWorker({
        main: (request) =>
          request.toolResults.length === 0
            ? {
                toolCalls: [
                  { name: 'a', args: { input: 'first' } },
                  { name: 'a', args: { input: 'second' } },
                ],
              }
            : { text: 'both done' },
        a: async (request) => {
          const second = request.lastUserText.includes('second');
          if (request.toolResults.length > 0) return { text: second ? 'two written' : `a heard: ${resultsOf(request)}`, ...(second ? {} : { delayMs: 600 }) };
          if (!second) {
            questionAsked();
            return ASK;
          }
          await questionAskedYet;
          return { ...write, delayMs: 300 };
        },
      }),
    );
    const result = await runInPty([dir, 'both', ...MODEL], {
      env,
      steps: [{ expect: 'answer> ' }, { sleep: 1 }, { send: 'Lisbon\r' }, { expect: 'choice> ' }, { send: 'a\r' }, { expect: 'out tokens' }],
    });

    expect(result.error, result.screen).toBeNull();
    expect(result.code, result.screen).toBe(0);
    // While the question waited (the write's request was answered meanwhile), the terminal received nothing but our answer's echo.
    const whileAsking = after(result.output, 'answer> ');
    expect(whileAsking.startsWith('Lisbon'), JSON.stringify(whileAsking.slice(0, 200))).toBe(true);
    const lines = result.screen.split('\n');
    const question = lines.indexOf('question · main › a#1 asks:');
    const approval = lines.indexOf('approval needed · main › a#2 wants to run write_file');
    expect(question, result.screen).toBeGreaterThan(0);
    expect(approval, result.screen).toBeGreaterThan(question);
    expect(fs.readFileSync(path.join(dir, 'work/two.md'), 'utf8')).toBe('x\n');
  });

  test("in a chat, a question is read by the chat's own line editor, and the next turn goes on", async () => {
    const dir = interactiveFixture();
    const { server, env } = await scripted(
      byWorker({
        main: (request) =>
          request.toolResults.length === 0 ? { toolCalls: [{ name: 'a', args: { input: 'plan a trip' } }] } : { text: `main got: ${resultsOf(request)}` },
        a: (request) => (request.toolResults.length === 0 ? ASK : { text: `a heard: ${resultsOf(request)}` }),
      }),
    );
    const result = await runInPty(['chat', dir, ...MODEL], {
      env,
      steps: [
        { expect: 'you› ' },
        { send: 'plan\r' },
        { expect: 'answer> ' },
        { send: 'Porto\r' },
        { expect: 'main got: a heard: Porto' },
        { expect: 'you› ' },
        { send: '/exit\r' },
      ],
    });

    expect(result.error, result.screen).toBeNull();
    expect(result.code, result.screen).toBe(0);
    expect(result.screen).toContain('question · main › a asks:');
    expect(server.requests.filter((request) => request.toolResults.some((toolResult) => toolResult.content === 'Porto'))).toHaveLength(1);
  });

  test('Ctrl-C at a question ends the run as interrupted (130), and no further request is sent', async () => {
    const dir = interactiveFixture();
    const { server, env } = await scripted(
      byWorker({
        main: () => ({ toolCalls: [{ name: 'a', args: { input: 'plan a trip' } }] }),
        a: () => ASK,
      }),
    );
    const result = await runInPty([dir, 'plan', ...MODEL], {
      env,
      steps: [{ expect: 'answer> ' }, { sleep: 0.3 }, { send: '\u0003' }, { expect: 'interrupted' }],
    });

    expect(result.error, result.screen).toBeNull();
    expect(result.code, result.screen).toBe(130);
    expect(server.requests).toHaveLength(2);
  });
});
