/**
 * Conversations in the run log (docs/runs.md, "Conversations"), in process against a temp log: every
 * chat turn records its conversation; `runs --conversations` groups them; `chat --continue`,
 * `--conversation ID` and `--resume RUN` go on with a recorded one, rebuilt from the log and trimmed
 * to the worker's `max_context_tokens`; unknown or clashing references are usage errors.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { captureIO, tempDir, worker, writeTree } from '../project/fixture.ts';

async function cli(args: string[], home: string, stdin: string[] = []) {
  const capture = captureIO({ cwd: tempDir(), env: { LLM_DO_HOME: home } });
  const input = capture.io.stdin as PassThrough;
  input.end(stdin.map((line) => `${line}\n`).join(''));
  const code = await main(args, capture.io);
  return { code, stdout: capture.stdout(), stderr: capture.stderr() };
}

async function json(args: string[], home: string): Promise<any> {
  const result = await cli([...args, '--json'], home);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

/** The user texts the newest run's first request sent, in order. */
async function sentUserTexts(home: string, ref = 'last'): Promise<string[]> {
  const { run } = await json(['runs', 'show', ref, '--prompts'], home);
  const messages = run.root.requests[0].prompt.messages as { role: string; content: { type: string; text?: string }[] }[];
  return messages.filter((message) => message.role === 'user').map((message) => message.content.map((part) => part.text ?? '').join(''));
}

function setup(fields = '') {
  const home = tempDir('llm-do-conversations-');
  const project = writeTree({ 'main.worker': worker('main', `model: test\n${fields}`) });
  return { home, project };
}

describe('conversations', () => {
  test('chat turns share a conversation named after the first turn; runs --conversations groups them', async () => {
    const { home, project } = setup();
    expect((await cli([project, 'a plain run'], home)).code).toBe(0);
    const chat = await cli(['chat', project], home, ['first turn', 'second turn']);
    expect(chat.code, chat.stderr).toBe(0);
    const { runs } = await json(['runs'], home);
    expect(runs.map((run: any) => [run.kind, run.input_excerpt])).toEqual([
      ['chat', 'second turn'],
      ['chat', 'first turn'],
      ['run', 'a plain run'],
    ]);
    expect(runs[0].conversation_id).toBe(runs[1].id);
    expect(runs[1].conversation_id).toBe(runs[1].id);
    expect(runs[2].conversation_id).toBeNull();

    const { conversations } = await json(['runs', '--conversations'], home);
    expect(conversations).toEqual([expect.objectContaining({ id: runs[1].id, turns: 2, entry: 'main', last_run_id: runs[0].id, input_excerpt: 'first turn' })]);
    const listed = await cli(['runs', '--conversations'], home);
    expect(listed.stdout).toMatch(/^CONVERSATION +STARTED +LAST TURN +PROJECT +ENTRY +TURNS +TOKENS +COST +FIRST INPUT\n/);
    expect(listed.stdout).toContain('llm-do chat --conversation ID goes on with it');

    const turns = await json(['runs', '--conversation', runs[1].id.slice(0, 30)], home);
    expect(turns.runs.map((run: any) => run.id)).toEqual([runs[0].id, runs[1].id]);
    expect((await json(['runs', '--kind', 'chat'], home)).runs).toHaveLength(2);
    expect((await json(['runs', '--kind', 'run'], home)).runs).toHaveLength(1);
  });

  test("chat -c goes on with the project's last conversation, with its history, and names it", async () => {
    const { home, project } = setup();
    await cli(['chat', project], home, ['older conversation']);
    await cli(['chat', project], home, ['my name is Ada', 'and I like tea']);
    const conversation = (await json(['runs', '--conversations'], home)).conversations[0];

    const continued = await cli(['chat', project, '-c'], home, ['what is my name?']);
    expect(continued.code, continued.stderr).toBe(0);
    expect(continued.stderr).toContain(`continuing conversation ${conversation.id} (2 turns so far)`);
    expect(await sentUserTexts(home)).toEqual(['my name is Ada', 'and I like tea', 'what is my name?']);
    const newest = (await json(['runs', '--limit', '1'], home)).runs[0];
    expect(newest.conversation_id).toBe(conversation.id);
    expect((await json(['runs', '--conversations'], home)).conversations[0]).toMatchObject({ id: conversation.id, turns: 3 });
  });

  test('--conversation ID (a prefix or "last") goes on with that one, in its project when no target is given', async () => {
    const { home, project } = setup();
    await cli(['chat', project], home, ['remember the word kumquat']);
    await cli(['chat', project], home, ['another conversation']);
    const [latest, first] = (await json(['runs', '--conversations'], home)).conversations;

    const byPrefix = await cli(['chat', '--conversation', first.id.slice(0, 28)], home, ['which word?']);
    expect(byPrefix.code, byPrefix.stderr).toBe(0);
    expect(await sentUserTexts(home)).toEqual(['remember the word kumquat', 'which word?']);
    // Its new turn made it the latest.
    const byLast = await cli(['chat', '--conversation', 'last'], home, ['and again?']);
    expect(byLast.code, byLast.stderr).toBe(0);
    expect(await sentUserTexts(home)).toEqual(['remember the word kumquat', 'which word?', 'and again?']);
    expect((await json(['runs', '--conversations'], home)).conversations.map((c: any) => [c.id, c.turns])).toEqual([
      [first.id, 3],
      [latest.id, 1],
    ]);
  });

  test('--resume RUN names the conversation it joins; a plain run begins one named after it', async () => {
    const { home, project } = setup();
    expect((await cli([project, 'plain question'], home)).code).toBe(0);
    const plain = (await json(['runs'], home)).runs[0];
    const resumed = await cli(['chat', '--resume', plain.id], home, ['follow-up']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`continuing conversation ${plain.id} (1 turn so far)`);
    expect(await sentUserTexts(home)).toEqual(['plain question', 'follow-up']);
    const { runs } = await json(['runs'], home);
    expect(runs.map((run: any) => [run.kind, run.conversation_id])).toEqual([
      ['chat', plain.id],
      ['run', plain.id],
    ]);
    expect((await json(['runs', '--conversations'], home)).conversations).toEqual([expect.objectContaining({ id: plain.id, turns: 2 })]);

    const again = await cli(['chat', '--resume', 'last'], home, ['one more']);
    expect(again.stderr).toContain(`continuing conversation ${plain.id} (2 turns so far)`);
  });

  test("a continued conversation is trimmed to the worker's max_context_tokens before its next turn", async () => {
    const { home, project } = setup('max_context_tokens: 60\n');
    const long = (n: number) => `turn ${n} ${'words '.repeat(20)}`;
    await cli(['chat', project], home, [long(1), long(2), long(3)]);
    const continued = await cli(['chat', project, '--continue'], home, ['short']);
    expect(continued.code, continued.stderr).toBe(0);
    const sent = await sentUserTexts(home);
    expect(sent.at(-1)).toBe('short');
    expect(sent.some((text) => text.startsWith('turn 1 '))).toBe(false);
    const { run } = await json(['runs', 'show', 'last'], home);
    expect(run.warnings.map((warning: any) => warning.message)).toEqual([
      expect.stringMatching(/dropped the \d+ oldest turn\(s\) to stay within max_context_tokens \(60\)/),
    ]);
  });

  test('unknown, ambiguous and clashing references are usage errors naming what was given (exit 2)', async () => {
    const { home, project } = setup();
    const none = await cli(['chat', project, '-c'], home, ['hello']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`no conversation is recorded for the project at ${project} (llm-do chat starts one)`);

    await cli(['chat', project], home, ['hello']);
    const unknown = await cli(['chat', '--conversation', 'nosuchid'], home, ['hello']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no recorded conversation has an id starting with "nosuchid" (llm-do runs --conversations lists them)');
    const listed = await cli(['runs', '--conversation', 'nosuchid', '--json'], home);
    expect(listed.code).toBe(2);
    expect(JSON.parse(listed.stdout)).toMatchObject({ status: 'error', error: expect.stringContaining('"nosuchid"') });

    const both = await cli(['chat', project, '-c', '--conversation', 'last'], home, ['hello']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('chat takes one of --resume, --conversation and --continue, not --conversation and --continue');

    const other = writeTree({ 'main.worker': worker('main', 'model: test\n') });
    const elsewhere = await cli(['chat', other, '--conversation', 'last'], home, ['hello']);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toMatch(/conversation \S+ belongs to the project at .*; leave out the target to go on with it there/);

    const mixed = await cli(['runs', '--conversations', '--kind', 'chat'], home);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('--conversations lists conversations; it does not take --kind');
    const badKind = await cli(['runs', '--kind', 'weird'], home);
    expect(badKind.stderr).toContain('--kind expects one of run, chat, batch, resume, eval, got "weird"');
  });

  test('a conversation that cannot go on says only why: "continuing conversation" is printed once the chat has started', async () => {
    const { home, project } = setup();
    await cli(['chat', project], home, ['hello']);
    const { runs } = await json(['runs'], home);
    // The entry worker no longer loads.
    fs.writeFileSync(path.join(project, 'main.worker'), '---\nname: main\nmodel: test\nno_such_field: 1\n---\nHi.\n');
    for (const args of [
      ['chat', project, '-c'],
      ['chat', '--conversation', 'last'],
      ['chat', '--resume', runs[0].id],
    ]) {
      const broken = await cli(args, home, ['not sent']);
      expect(broken.code, args.join(' ')).not.toBe(0);
      expect(broken.stderr, args.join(' ')).not.toContain('continuing conversation');
      expect(broken.stderr.trimEnd().split('\n').at(-1), args.join(' ')).toMatch(/no_such_field/);
    }
    expect((await json(['runs'], home)).runs).toHaveLength(1);
  });

  test('an empty id is a usage error, never a new chat or every run (exit 2)', async () => {
    const { home, project } = setup();
    await cli(['chat', project], home, ['hello']);
    for (const [flag, what] of [
      ['--conversation', 'conversation'],
      ['--resume', 'run'],
    ] as const) {
      const empty = await cli(['chat', project, flag, ''], home, ['not sent']);
      expect(empty.code, `${flag} ''`).toBe(2);
      expect(empty.stderr).toContain(`${flag} expects a ${what} id, a unique prefix of one, or "last" (got an empty string)`);
      expect(empty.stdout).toBe('');
    }
    const listed = await cli(['runs', '--conversation', ''], home);
    expect(listed.code).toBe(2);
    expect(listed.stderr).toContain('--conversation expects a conversation id, a unique prefix of one, or "last" (got an empty string)');
    const shown = await cli(['runs', 'show', ''], home);
    expect(shown.code).toBe(2);
    expect(shown.stderr).toContain('RUN expects a run id, a unique prefix of one, or "last" (got an empty string)');
    expect((await json(['runs'], home)).runs).toHaveLength(1);
  });
});
