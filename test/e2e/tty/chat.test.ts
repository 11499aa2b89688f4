/**
 * `llm-do chat` at a real terminal (docs/cli.md): history across turns, streamed replies, approvals
 * inline, Ctrl-C cancels only the running turn, `/exit` and Ctrl-D end the session.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedRequest } from '../../../src/testkit/index.ts';
import { closeServers, scripted } from '../helpers/scripted.ts';
import { copyFixture, runInPty } from './pty.ts';

afterAll(closeServers);

const MODEL = ['--model', 'openai-compatible:scripted-chat'];
const userTexts = (request: ScriptedRequest) => request.messages.filter((m) => m.role === 'user').map((m) => m.text);

describe.concurrent('chat in a terminal', () => {
  test('three turns share one history; an approval is asked inline; /exit ends the chat', async () => {
    const dir = copyFixture();
    const { server, env } = await scripted((request) => {
      const turn = userTexts(request).length;
      if (request.lastUserText.includes('save') && request.toolResults.length === 0) {
        return { toolCalls: [{ name: 'write_file', args: { path: '/work/name.txt', content: 'Ada' } }] };
      }
      return { text: `reply ${turn}: I remember ${userTexts(request).length} message(s)` };
    });
    const result = await runInPty(['chat', dir, ...MODEL], {
      env,
      steps: [
        { expect: 'you› ' },
        { send: 'my name is Ada\r' },
        { expect: 'reply 1' },
        { expect: 'you› ' },
        { send: 'please save it\r' },
        { expect: 'choice> ' },
        { send: 'a\r' },
        { expect: 'reply 2' },
        { expect: 'you› ' },
        { send: 'what is my name?\r' },
        { expect: 'reply 3' },
        { expect: 'you› ' },
        { send: '/exit\r' },
      ],
    });

    expect(result.error, result.screen).toBeNull();
    expect(result.code, result.screen).toBe(0);
    expect(result.screen).toContain('chatting with main');
    const third = server.requests.at(-1)!;
    expect(userTexts(third)).toEqual(['my name is Ada', 'please save it', 'what is my name?']);
    expect(fs.readFileSync(path.join(dir, 'work/name.txt'), 'utf8')).toBe('Ada');
    // The approval was asked from inside the chat, and its tool call is shown as progress.
    expect(result.screen).toContain('approval needed · main wants to run write_file');
    expect(result.screen).toMatch(/^ {2}✓ write_file \{"path":"\/work\/name\.txt"/m);
    expect(result.screen).toMatch(/you› what is my name\?\nreply 3: I remember 3 message\(s\)\n/);
  });

  test('Ctrl-C or Ctrl-D during a slow reply cancels that turn only; the next turn works; Ctrl-D at the prompt ends the chat', async () => {
    const dir = copyFixture();
    const { server, env } = await scripted((request) =>
      request.lastUserText === 'slow' ? { text: 'too late', delayMs: 10_000 } : { text: `reply to ${request.lastUserText}` },
    );
    const result = await runInPty(['chat', dir, ...MODEL], {
      env,
      timeout: 25,
      steps: [
        { expect: 'you› ' },
        { send: 'one\r' },
        { expect: 'reply to one' },
        { expect: 'you› ' },
        { send: 'two\r' },
        { expect: 'reply to two' },
        { expect: 'you› ' },
        { send: 'three\r' },
        { expect: 'reply to three' },
        { expect: 'you› ' },
        { send: 'slow\r' },
        { expect: 'waiting for the model' },
        { send: '\u0003' },
        { expect: '(turn cancelled)' },
        { expect: 'you› ' },
        { send: 'four\r' },
        { expect: 'reply to four' },
        { expect: 'you› ' },
        // Ctrl-D while a turn runs cancels the turn, not the chat; at the prompt it ends the chat.
        { send: 'slow\r' },
        { expect: 'waiting for the model' },
        { send: '\u0004' },
        { expect: '(turn cancelled)' },
        { expect: 'you› ' },
        { send: 'five\r' },
        { expect: 'reply to five' },
        { expect: 'you› ' },
        { send: '\u0004' },
      ],
    });

    expect(result.error, result.screen).toBeNull();
    expect(result.code, result.screen).toBe(0);
    expect(result.output).not.toContain('too late');
    const last = server.requests.at(-1)!;
    expect(last.lastUserText).toBe('five');
    expect(userTexts(last)).toContain('one');
  });
});
