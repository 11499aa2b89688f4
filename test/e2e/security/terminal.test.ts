/**
 * The terminal as a hostile model meets it, through the built CLI with pipes (docs/security.md, docs/cli.md): what is
 * shown to people (stderr) is escaped, data (piped stdout, `--json`) keeps every byte, and every
 * ending is honest — `--json` answers usage errors in JSON, an unwritable `--trace` stops the run
 * before any model request, and a chat whose turns failed does not exit 0.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, runCli } from '../helpers/run-cli.ts';
import { CHAT, closeServers, FIXTURE, scripted } from '../helpers/scripted.ts';

afterAll(closeServers);

const MODEL = ['--model', CHAT.model];
const HOSTILE = 'red \x1b[31m\x1b[2J\x1b[1A\x1b]0;pwned\x07 \x9b2J \u202etxt.exe \u2066x\u2069 \u2028 \u061c \x7f end';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-sec-terminal-'));
}

/** The one JSON object on stdout (fails if stdout holds anything else). */
function onlyJson(stdout: string): Record<string, unknown> {
  expect(stdout.endsWith('\n')).toBe(true);
  expect(stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(stdout) as Record<string, unknown>;
}

/** Control characters a terminal would act on (what {@link HOSTILE} carries), never in text for people. */
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe.concurrent('--json answers every usage and configuration error with one JSON object (exit 2)', () => {
  const empty = tempDir();
  const noModel = tempDir();
  fs.writeFileSync(path.join(noModel, 'solo.worker'), '---\nname: solo\n---\nYou answer.\n');
  const cases: { name: string; args: string[]; cwd?: string; error: string; run?: boolean }[] = [
    { name: 'unknown flag', args: [FIXTURE, 'hi', '--json', '--bogus'], error: "unknown option '--bogus'" },
    { name: 'flag without its value', args: [FIXTURE, 'hi', '--json', '--model'], error: "option '--model <id>' argument missing" },
    {
      name: 'conflicting flags',
      args: [FIXTURE, 'hi', '--json', '--approve-all', '--auto-deny'],
      error: "'--auto-deny' cannot be used with option '--approve-all'",
    },
    { name: '--json with --chat', args: [FIXTURE, '--chat', '--json'], error: "'--json' cannot be used with option '--chat'" },
    {
      name: '--json for a chat worker without INPUT',
      args: [path.join(REPO_ROOT, 'examples/chat_assistant'), '--json', ...MODEL],
      error: '--json needs an INPUT for a chat worker',
    },
    { name: 'bad flag value', args: [FIXTURE, 'hi', '--json', '--max-depth', 'x'], error: '--max-depth expects a whole number' },
    { name: 'bad --mount', args: [FIXTURE, 'hi', '--json', '--mount', 'nope'], error: '--mount expects NAME=DIR' },
    { name: 'missing target', args: ['no-such-dir', 'hi', '--json'], cwd: empty, error: 'no-such-dir is not a file, directory or worker' },
    { name: 'no project here', args: ['--json'], cwd: empty, error: 'not a project' },
    { name: '--input not JSON', args: [FIXTURE, '--json', '--input', '{bad'], error: '--input is not valid JSON' },
    { name: '--input not an object', args: [FIXTURE, '--json', '--input', '[1]', ...MODEL], error: '--input expects a JSON object, got an array' },
    { name: 'INPUT and --input', args: [FIXTURE, 'hi', '--json', '--input', '{}'], error: 'either as INPUT or with --input' },
    { name: '--set without =', args: [FIXTURE, 'hi', '--json', '--set', 'nokey'], error: '--set expects KEY=VALUE' },
    { name: '--set of an unknown field', args: [FIXTURE, 'hi', '--json', '--set', 'bogus_field=1', ...MODEL], error: 'bogus_field' },
    { name: 'no model', args: [path.join(noModel, 'solo.worker'), 'hi', '--json'], error: 'model' },
    { name: 'missing API key', args: [FIXTURE, 'hi', '--json'], error: 'ANTHROPIC_API_KEY' },
    { name: 'unknown provider', args: [FIXTURE, 'hi', '--json', '--model', 'nosuch:x'], error: 'unknown model provider "nosuch"' },
    {
      name: 'unwritable --trace',
      args: [FIXTURE, 'hi', '--json', '--trace', path.join(empty, 'missing-dir', 't.jsonl'), ...MODEL],
      error: '--trace: cannot write',
    },
    { name: 'list --json of a missing directory', args: ['list', 'no-such-dir', '--json'], cwd: empty, error: 'no-such-dir', run: false },
    { name: 'chat has no --json', args: ['chat', FIXTURE, '--json'], error: "unknown option '--json'", run: false },
  ];
  for (const { name, args, cwd, error, run = true } of cases) {
    test(name, async () => {
      const result = await runCli(args, { cwd: cwd ?? os.tmpdir(), env: { LLM_DO_MODEL: undefined } });
      expect(result.code, result.stderr).toBe(2);
      const json = onlyJson(result.stdout);
      expect(json.status).toBe('error');
      expect(json.error).toContain(error);
      // A run's keys stay, empty, so a consumer can read them without a special case.
      if (run) expect(json).toMatchObject({ output: null, usage: { input_tokens: 0, output_tokens: 0 } });
    });
  }
});

describe.concurrent('--trace', () => {
  test('an unwritable trace path is a usage error naming it, before any model request', async () => {
    const { server, env } = await scripted(() => ({ text: 'should not be asked' }));
    const dir = tempDir();
    for (const trace of [path.join(dir, 'missing-dir', 't.jsonl'), dir]) {
      const result = await runCli([FIXTURE, 'hi', ...MODEL, '--trace', trace], { env });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain(`llm-do: --trace: cannot write the trace file ${trace}`);
      expect(result.stdout).toBe('');
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe.concurrent('chat exit status', () => {
  test('every turn failed: exit 1, each failure said on stderr', async () => {
    const { server, env } = await scripted(() => ({ status: 400, errorMessage: 'this model refuses' }));
    const result = await runCli(['chat', FIXTURE, ...MODEL], { env, stdin: 'one\ntwo\n' });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr.match(/this model refuses/g)).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });

  test('one turn failed, the last succeeded: still exit 1', async () => {
    const { env } = await scripted((_request, index) => (index === 0 ? { status: 400, errorMessage: 'this model refuses' } : { text: 'second answer' }));
    const result = await runCli(['chat', FIXTURE, ...MODEL], { env, stdin: 'one\ntwo\n' });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toBe('second answer\n');
  });

  test('every turn answered: exit 0', async () => {
    const { env } = await scripted(() => ({ text: 'fine' }));
    const result = await runCli(['chat', FIXTURE, ...MODEL], { env, stdin: 'one\ntwo\n' });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('fine\nfine\n');
  });
});

describe.concurrent('control characters from the model', () => {
  test('piped stdout keeps the answer byte-exact; progress and errors on stderr are escaped', async () => {
    const { env } = await scripted((request) =>
      request.toolResults.length === 0 ? { text: `before ${HOSTILE}`, toolCalls: [{ name: 'explode', args: { reason: HOSTILE } }] } : { text: HOSTILE },
    );
    const result = await runCli([FIXTURE, 'hi', ...MODEL, '--entry', 'tinker'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${HOSTILE}\n`);
    expect(result.stderr).not.toMatch(RAW_CONTROL);
    // One-line progress folds whitespace (U+2028 included) into spaces; the rest is shown escaped.
    expect(result.stderr).toContain('» before red \\x1b[31m\\x1b[2J\\x1b[1A\\x1b]0;pwned\\x07 \\x9b2J \\u202etxt.exe \\u2066x\\u2069 \\u061c \\x7f end');
    // The failed call: its arguments (JSON) and the tool's error message, which quotes the model.
    expect(result.stderr).toMatch(/✗ explode \{"reason":"red \\u001b\[31m.*: the fuse blew: red \\x1b\[31m\\x1b\[2J/);
  });

  test('an error message quoting the model is escaped', async () => {
    const { env } = await scripted(() => ({ status: 400, errorMessage: `bad request ${HOSTILE}` }));
    const result = await runCli([FIXTURE, 'hi', ...MODEL], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(RAW_CONTROL);
    expect(result.stderr).toContain('bad request red \\x1b[31m\\x1b[2J');
  });

  test('--json keeps the value but writes terminal controls as \\u escapes', async () => {
    const { env } = await scripted(() => ({ text: HOSTILE }));
    const result = await runCli([FIXTURE, 'hi', ...MODEL, '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toMatch(RAW_CONTROL);
    expect(onlyJson(result.stdout).output).toBe(HOSTILE);
    expect(result.stdout).toContain('\\u202etxt.exe');
  });

  test('a worker name or description from a project file is escaped in list and in usage errors', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'main.worker'), `---\nname: main\ndescription: "looks \\e[2J fine \\u202e"\nmodel: test\n---\nHi.\n`);
    const listed = await runCli(['list', dir]);
    expect(listed.code, listed.stderr).toBe(0);
    // stdout is a pipe here: data, byte-exact.
    expect(listed.stdout).toContain('looks \x1b[2J fine \u202e');
    const unknown = await runCli([dir, 'hi', '--entry', 'nope\x1b[2J']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).not.toMatch(RAW_CONTROL);
    expect(unknown.stderr).toContain('nope\\x1b[2J');
  });
});
