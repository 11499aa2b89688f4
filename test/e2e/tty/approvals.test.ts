/**
 * Approval prompts at a real terminal (docs/cli.md), against the scripted server: `s` remembers the exact
 * call, `d` + reason reaches the model, `q` aborts with exit 1 and writes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { closeServers, scripted } from '../helpers/scripted.ts';
import { copyFixture, runInPty } from './pty.ts';

afterAll(closeServers);

const MODEL = ['--model', 'openai-compatible:scripted-chat'];
const WRITE = { name: 'write_file', args: { path: '/work/out.md', content: 'first line\nsecond line\n' } };

describe.concurrent('approval prompt in a terminal', () => {
  test('"s" approves the exact call for the session: the identical second call is not asked again', async () => {
    const dir = copyFixture();
    const { server, env } = await scripted((request) => (request.toolResults.length < 2 ? { toolCalls: [WRITE] } : { text: 'wrote it twice' }));
    const result = await runInPty([dir, 'write the file', ...MODEL], {
      env,
      steps: [{ expect: 'choice> ' }, { send: 's\r' }, { expect: 'wrote it twice' }],
    });

    expect(result.error).toBeNull();
    expect(result.code, result.screen).toBe(0);
    // The prompt: chain, tool, description, arguments with the content numbered, the choices.
    expect(result.screen).toContain('approval needed · main wants to run write_file');
    expect(result.screen).toContain('Create or overwrite a text file');
    expect(result.screen).toContain('path: /work/out.md');
    expect(result.screen).toMatch(/1 │ first line\n\s+2 │ second line/);
    // The choices break between choices to fit the terminal's width, never inside one.
    expect(result.screen).toMatch(
      /\[a\] approve once {2}\[s\] this call for the session {2}\[t\] this tool for the session\n\[p\] always, in this project {2}\[d\] deny {2}\[q\] quit\n/,
    );
    expect(result.output.split('approval needed').length - 1).toBe(1);
    expect(server.requests).toHaveLength(3);
    expect(server.requests[2]!.toolResults.map((r) => r.content)).not.toContain('denied');
    expect(fs.readFileSync(path.join(dir, 'work/out.md'), 'utf8')).toBe('first line\nsecond line\n');
  });

  test('"d" with a reason: the model receives the reason in the tool result', async () => {
    const dir = copyFixture();
    const { server, env } = await scripted((request) =>
      request.toolResults.length === 0 ? { text: 'I will write the file.', toolCalls: [WRITE] } : { text: `model saw: ${request.toolResults[0]!.content}` },
    );
    const result = await runInPty([dir, 'write the file', ...MODEL], {
      env,
      cols: 160,
      steps: [
        { expect: 'choice> ' },
        // An accidental Enter chooses nothing: the question comes again.
        { send: '\r' },
        { expect: 'please press one of a, s, t, p, d, q' },
        { expect: 'choice> ' },
        { send: 'd\r' },
        { expect: 'reason (optional' },
        { send: 'use notes.md instead\r' },
        { expect: 'model saw:' },
      ],
    });

    expect(result.error).toBeNull();
    expect(result.code, result.screen).toBe(0);
    expect(server.requests[1]!.toolResults[0]!.content).toContain('denied by user: use notes.md instead');
    expect(result.screen).toContain('model saw: denied by user: use notes.md instead');
    // The text said before the call (streamed to stdout), then (after the prompt) the denied call.
    expect(result.screen).toMatch(/^I will write the file\.\n\napproval needed/m);
    expect(result.screen).toMatch(/^ {2}⊘ denied write_file \{"path":"\/work\/out\.md".* \d+ms: denied by user: use notes\.md instead$/m);
    expect(fs.existsSync(path.join(dir, 'work/out.md'))).toBe(false);
  });

  test('one key answers without Enter; a key typed before the prompt appeared is not taken as the answer', async () => {
    const dir = copyFixture();
    const { server, env } = await scripted((request) =>
      request.toolResults.length === 0 ? { toolCalls: [WRITE] } : { text: `model saw: ${request.toolResults[0]!.content}` },
    );
    const result = await runInPty([dir, 'write the file', ...MODEL], {
      env,
      steps: [{ send: 'a' }, { expect: 'choice> ' }, { sleep: 0.3 }, { send: 'd' }, { expect: 'reason (optional' }, { send: '\r' }, { expect: 'model saw:' }],
    });

    expect(result.error).toBeNull();
    expect(result.code, result.screen).toBe(0);
    expect(server.requests[1]!.toolResults[0]!.content).toBe('denied by user');
    expect(result.screen).toMatch(/choice> d\nreason \(optional/);
    expect(fs.existsSync(path.join(dir, 'work/out.md'))).toBe(false);
  });

  test('"q" aborts the run: exit 1, nothing written, no further model request', async () => {
    const dir = copyFixture();
    const { server, env } = await scripted(() => ({ toolCalls: [WRITE] }));
    const result = await runInPty([dir, 'write the file', ...MODEL], {
      env,
      stdoutPipe: true,
      steps: [{ expect: 'choice> ' }, { send: 'q\r' }],
    });

    expect(result.error).toBeNull();
    expect(result.code, result.screen).toBe(1);
    expect(result.screen).toContain('llm-do: run aborted by user at the approval prompt for write_file');
    expect(result.stdout).toBe('');
    expect(server.requests).toHaveLength(1);
    expect(fs.existsSync(path.join(dir, 'work/out.md'))).toBe(false);
  });

  test('edit_file is shown as - old / + new lines', async () => {
    const dir = copyFixture();
    const edit = { name: 'edit_file', args: { path: '/work/notes.txt', old: 'caused by the moon.', new: 'caused by the moon and the sun.' } };
    const { env } = await scripted((request) => (request.toolResults.length === 0 ? { toolCalls: [edit] } : { text: 'edited' }));
    const result = await runInPty([dir, 'fix the notes', ...MODEL], {
      env,
      steps: [{ expect: 'choice> ' }, { send: 'a\r' }, { expect: 'edited' }],
    });

    expect(result.code, result.screen).toBe(0);
    expect(result.screen).toMatch(/change:\n\s+- caused by the moon\.\n\s+\+ caused by the moon and the sun\./);
    expect(fs.readFileSync(path.join(dir, 'work/notes.txt'), 'utf8')).toContain('caused by the moon and the sun.');
  });
});
