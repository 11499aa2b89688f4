/**
 * examples/chat_assistant: a `mode: chat` worker with file tools on a rw notes mount (changes
 * ask first). Without a terminal, each stdin line is one turn; the history of earlier turns
 * (messages, tool calls and results) is sent with every later turn.
 *
 * Guards: deleting main.worker fails every test; dropping `mode: chat` makes the run answer one
 * turn only (the turn-count and history assertions fail); deleting notes/shopping.md fails the
 * read assertion; dropping the notes mount or making it ro fails the written-note assertion.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedHandler } from '../../../src/testkit/index.ts';
import { REPO_ROOT, runCli } from '../helpers/run-cli.ts';
import { expectCheckPasses } from '../helpers/check-example.ts';
import { ANTHROPIC, CHAT, closeServers, scripted } from '../helpers/scripted.ts';

afterAll(closeServers);

const EXAMPLE = path.join(REPO_ROOT, 'examples/chat_assistant');
const TURNS = ['Remember that the dentist is on Tuesday at 9:30.', 'What is on my shopping list?', 'What did I ask you to remember first?'];

function copyExample(): string {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-chat-')), 'chat_assistant');
  fs.cpSync(EXAMPLE, dir, { recursive: true });
  return dir;
}

/** Turn 1 writes a note, turn 2 reads one, turn 3 answers from the history of turn 1. */
const conversation: ScriptedHandler = (request) => {
  const users = request.messages.filter((message) => message.role === 'user' && message.text !== '');
  const last = request.messages.at(-1)!;
  if (last.role === 'tool') return { text: `(turn ${users.length}) ${last.toolResults[0]!.content}` };
  if (users.length === 1) {
    return { toolCalls: [{ name: 'write_file', args: { path: '/notes/appointments.md', content: '# Appointments\n\n- Dentist: Tuesday 9:30\n' } }] };
  }
  if (users.length === 2) return { toolCalls: [{ name: 'read_file', args: { path: '/notes/shopping.md' } }] };
  // Turn 3: everything said before is in the request.
  const earlierCall = request.messages.flatMap((message) => message.toolCalls).find((call) => call.name === 'write_file')!;
  return { text: `(turn 3) You first said "${users[0]!.text}"; I saved it as ${(earlierCall.args as any).path}.` };
};

describe.concurrent('examples/chat_assistant', () => {
  test('llm-do check passes', () => expectCheckPasses(EXAMPLE, 1));

  test('runs offline with --model test: two stdin lines are two turns', async () => {
    const result = await runCli([EXAMPLE, '--model', 'test'], { stdin: 'hello\nwhat is on my list?\n' });
    expect(result.code, result.stderr).toBe(0);
    const tools = '(tools: list_files, read_file, write_file, edit_file, delete_file, file_info)';
    expect(result.stdout).toBe(`test model: worker main received "hello" ${tools}\ntest model: worker main received "what is on my list?" ${tools}\n`);
  });

  for (const protocol of [CHAT, ANTHROPIC]) {
    test(`scripted (${protocol.name}): a note is written in turn 1, read in turn 2, and turn 3 sees the history`, async () => {
      const dir = copyExample();
      const { server, env } = await scripted(conversation);
      const result = await runCli([dir, '--model', protocol.model, '--approve-all'], { env, stdin: `${TURNS.join('\n')}\n` });

      expect(result.code, result.stderr).toBe(0);
      expect(fs.readFileSync(path.join(dir, 'notes/appointments.md'), 'utf8')).toBe('# Appointments\n\n- Dentist: Tuesday 9:30\n');
      const answers = result.stdout.trimEnd().split('\n(turn ');
      expect(answers).toHaveLength(3);
      expect(answers[0]).toMatch(/^\(turn 1\) /);
      expect(answers[1]!.trimEnd()).toBe('2) # Shopping\n\n- oat milk\n- coffee beans (the Ethiopian ones)\n- batteries, AA');
      expect(answers[2]).toBe(`3) You first said "${TURNS[0]}"; I saved it as /notes/appointments.md.`);
      // The last request carries all three user turns and both earlier tool exchanges.
      const lastRequest = server.requests.at(-1)!;
      expect(lastRequest.messages.filter((m) => m.role === 'user').map((m) => m.text)).toEqual(TURNS);
      expect(lastRequest.toolResults.map((r) => r.name)).toEqual(['write_file', 'read_file']);
      expect(server.requests).toHaveLength(5);
    });
  }

  test('scripted: without --approve-all the note change is denied and the chat goes on', async () => {
    const dir = copyExample();
    const { env } = await scripted(conversation);
    const result = await runCli([dir, '--model', CHAT.model], { env, stdin: `${TURNS.slice(0, 2).join('\n')}\n` });

    expect(result.code, result.stderr).toBe(0);
    expect(fs.existsSync(path.join(dir, 'notes/appointments.md'))).toBe(false);
    expect(result.stdout).toContain('(turn 1) approval needed for write_file but no terminal; use --approve-all or pre-approve the tool');
    expect(result.stdout).toContain('(turn 2) # Shopping');
  });
});
