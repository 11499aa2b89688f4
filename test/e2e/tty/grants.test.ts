/**
 * Persistent grants and chat approvals at a real terminal (docs/tools.md): `p` writes
 * `.llm-do/approvals.yaml` and the next run is not asked for that exact call; in `llm-do chat`, `q`
 * at an approval cancels the turn and the chat goes on; `/help` lists the chat commands.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../helpers/run-cli.ts';
import { closeServers, scripted } from '../helpers/scripted.ts';
import { copyFixture, runInPty } from './pty.ts';

afterAll(closeServers);

const MODEL = ['--model', 'openai-compatible:scripted-chat'];
const WRITE = { name: 'write_file', args: { path: '/work/out.md', content: 'granted\n' } };

describe.concurrent('persistent grants and chat approvals in a terminal', () => {
  test('"p" writes a grant; the next run runs that exact call without asking, another path is still asked', async () => {
    const dir = copyFixture();
    const { env } = await scripted((request) => (request.toolResults.length === 0 ? { toolCalls: [WRITE] } : { text: 'wrote it' }));
    const first = await runInPty([dir, 'write the file', ...MODEL], {
      env: { ...env, USER: 'ada' },
      steps: [{ expect: 'choice> ' }, { send: 'p\r' }, { expect: 'wrote it' }],
    });
    expect(first.code, first.screen).toBe(0);
    const file = path.join(dir, '.llm-do/approvals.yaml');
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toMatch(/^# Persistent approval grants/);
    expect(parse(text)).toEqual({
      grants: [{ toolset: 'filesystem', tool: 'write_file', args: WRITE.args, granted_by: 'ada', granted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }],
    });

    // No terminal this time: without the grant the call would be denied (no terminal).
    fs.rmSync(path.join(dir, 'work/out.md'));
    const second = await runCli([dir, 'write the file', ...MODEL], { env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toContain('denied');
    expect(fs.readFileSync(path.join(dir, 'work/out.md'), 'utf8')).toBe('granted\n');

    const { env: otherEnv } = await scripted((request) =>
      request.toolResults.length === 0 ? { toolCalls: [{ ...WRITE, args: { ...WRITE.args, path: '/work/other.md' } }] } : { text: 'done' },
    );
    const other = await runCli([dir, 'write the other file', ...MODEL], { env: otherEnv });
    expect(other.stderr).toContain('1 tool call(s) denied');
    expect(fs.existsSync(path.join(dir, 'work/other.md'))).toBe(false);

    const rules = await runCli(['approvals', 'rules', dir]);
    expect(rules.code, rules.stderr).toBe(0);
    expect(rules.stdout).toMatch(
      /^1\. filesystem\.write_file \{"content":"granted\\n","path":"\/work\/out\.md"\}|^1\. filesystem\.write_file \{"path":"\/work\/out\.md","content":"granted\\n"\}/,
    );
  });

  test('"q" in a chat cancels the turn, not the chat; /help lists the commands', async () => {
    const dir = copyFixture();
    const { server, env } = await scripted((request) =>
      request.lastUserText.includes('save') && request.toolResults.length === 0 ? { toolCalls: [WRITE] } : { text: `reply to ${request.lastUserText}` },
    );
    const result = await runInPty(['chat', dir, ...MODEL], {
      env,
      steps: [
        { expect: 'you› ' },
        { send: '/help\r' },
        { expect: '/exit' },
        { expect: 'you› ' },
        { send: 'please save it\r' },
        { expect: 'choice> ' },
        { send: 'q\r' },
        { expect: '(turn cancelled)' },
        { expect: 'you› ' },
        { send: 'still there?\r' },
        { expect: 'reply to still there?' },
        { expect: 'you› ' },
        { send: '/exit\r' },
      ],
    });

    expect(result.error, result.screen).toBeNull();
    expect(result.code, result.screen).toBe(0);
    expect(result.screen).toContain('[q] cancel the turn');
    expect(result.screen).toMatch(/\/help\s+list these commands/);
    expect(result.screen).toMatch(/q\s+at an approval prompt: cancel the current turn/);
    expect(result.screen).not.toContain('aborted by user');
    expect(fs.existsSync(path.join(dir, 'work/out.md'))).toBe(false);
    // /help is not sent to the model; the cancelled turn asked once, the next turn once more.
    expect(server.requests.map((r) => r.lastUserText)).toEqual(['please save it', 'still there?']);
  });
});
