/**
 * Parametric sandboxes through the built CLI (docs/security.md), with `--model scripted:FILE`: a caller hands
 * a folder of its own sandbox to a callee's `${dir}` mount; the callee reads and writes there, is
 * held to the caller's mode, and every value that escapes the caller's view comes back to the
 * caller's model as an error result naming the field. From the command line the value is a
 * directory of the project or of a `--mount` grant. `check` reports `${field}` mistakes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { canRunBwrap } from '../../src/tools/shell/process.ts';
import { runCli } from './helpers/run-cli.ts';

const BWRAP = process.platform === 'linux' && (await canRunBwrap());

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-parametric-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const MAIN = `---
name: main
model: anthropic:claude-haiku-4-5
sandbox:
  paths:
    drafts: { root: ./drafts, mode: rw }
    archive: { root: ./archive, mode: ro }
toolsets:
  filesystem: {}
  workers:
    allowed_workers: [summarizer]
---
Have folders summarised.
`;

const SUMMARIZER = `---
name: summarizer
description: Summarises one folder.
model: anthropic:claude-haiku-4-5
schema_in:
  type: object
  properties:
    dir: { type: string }
  required: [dir]
sandbox:
  paths:
    folder: { root: "\${dir}", mode: rw }
    scratch: { root: ./scratch, mode: rw }
toolsets:
  filesystem:
    approval:
      tools: { write_file: preApproved }
---
Summarise /folder.
`;

let projects = 0;
/** A fresh project: drafts (rw for main), archive (ro for main), a link leading out of drafts. */
function makeProject(): string {
  const root = path.join(tmp, `project-${++projects}`);
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  write('main.worker', MAIN);
  write('workers/summarizer.worker', SUMMARIZER);
  write('drafts/alpha/launch.md', 'The launch moves to March.\n');
  write('archive/2024/retro.md', 'Shipped late twice.\n');
  write('scratch/.keep', '');
  write(`../secret-${projects}/key.txt`, 'SECRET\n');
  fs.symlinkSync(path.join(tmp, `secret-${projects}`), path.join(root, 'drafts/link-out'));
  return root;
}

/** Writes a script for `--model scripted:FILE` and returns its path. */
function script(root: string, rules: unknown[]): string {
  const file = path.join(root, '..', `script-${path.basename(root)}.json`);
  fs.writeFileSync(file, JSON.stringify(rules));
  return file;
}

/** The events of a trace file. */
function traceOf(file: string): Record<string, unknown>[] {
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const delegate = (...dirs: string[]) => ({
  match: { worker: 'main', turn: 1 },
  respond: { tool_calls: dirs.map((dir) => ({ name: 'summarizer', args: { dir } })) },
});

describe.concurrent('a caller hands a folder to a ${dir} mount', () => {
  test('the callee reads and writes the caller’s folder at /folder, and the events show the binding', async () => {
    const root = makeProject();
    const trace = path.join(root, '..', 'trace-1.jsonl');
    const file = script(root, [
      delegate('/drafts/alpha'),
      { match: { worker: 'summarizer', turn: 1 }, respond: { tool_calls: [{ name: 'read_file', args: { path: '/folder/launch.md' } }] } },
      {
        match: { worker: 'summarizer', turn: 2, text: 'March' },
        respond: { tool_calls: [{ name: 'write_file', args: { path: '/folder/SUMMARY.md', content: '- March launch\n' } }] },
      },
      { match: { worker: 'summarizer', turn: 3 }, respond: { text: 'about the launch' } },
      { match: { worker: 'main', turn: 2, text: 'about the launch' }, respond: { text: 'alpha: about the launch' } },
    ]);
    const result = await runCli([root, 'go', '--model', `scripted:${file}`, '--trace', trace, '--no-log']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('alpha: about the launch\n');
    expect(fs.readFileSync(path.join(root, 'drafts/alpha/SUMMARY.md'), 'utf8')).toBe('- March launch\n');
    const start = traceOf(trace).find((event) => event.type === 'delegation_start');
    expect(start).toMatchObject({ worker: 'summarizer', input: { dir: '/drafts/alpha' }, mounts: [{ path: '/folder', from: '/drafts/alpha', mode: 'rw' }] });
    // Host paths never appear in the events.
    expect(fs.readFileSync(trace, 'utf8')).not.toContain(root);
  });

  test('a folder the caller has read-only stays read-only, though the callee declares rw', async () => {
    const root = makeProject();
    const file = script(root, [
      delegate('/archive/2024'),
      { match: { worker: 'summarizer', turn: 1 }, respond: { tool_calls: [{ name: 'write_file', args: { path: '/folder/SUMMARY.md', content: 'x' } }] } },
      { match: { worker: 'summarizer', turn: 2, text: 'read-only' }, respond: { text: 'could not write: read-only' } },
      { match: { worker: 'main', turn: 2, text: 'could not write' }, respond: { text: 'archive is read-only' } },
    ]);
    const result = await runCli([root, 'go', '--model', `scripted:${file}`, '--no-log']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('archive is read-only\n');
    expect(fs.existsSync(path.join(root, 'archive/2024/SUMMARY.md'))).toBe(false);
  });

  test('every escaping value is an error result for the caller’s model, naming the field; nothing crashes', async () => {
    const root = makeProject();
    const trace = path.join(root, '..', 'trace-escapes.jsonl');
    const values = ['/drafts/../archive', '/etc', path.join(root, 'drafts'), '/drafts/alpha/launch.md', '/nope', '/drafts/link-out', '/drafts/missing'];
    const file = script(root, [delegate(...values), { match: { worker: 'main', turn: 2, text: 'input field dir' }, respond: { text: 'refused' } }]);
    const result = await runCli([root, 'go', '--model', `scripted:${file}`, '--trace', trace, '--no-log']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('refused\n');
    const errors = traceOf(trace)
      .filter((event) => event.type === 'tool_result' && event.tool === 'summarizer')
      .map((event) => ({ ok: event.ok, error: String(event.error) }));
    expect(errors).toHaveLength(values.length);
    for (const { ok, error } of errors) {
      expect(ok).toBe(false);
      expect(error).toContain('input field dir of worker summarizer (the directory of its mount /folder)');
    }
    const messages = errors.map(({ error }) => error).join('\n');
    expect(messages).toContain('".." is never allowed');
    expect(messages).toContain('/etc is not inside a mount');
    expect(messages).toContain('/drafts/alpha/launch.md is not a directory');
    expect(messages).toContain('/drafts/link-out leads outside the mount /drafts');
    expect(messages).toContain('/drafts/missing does not exist');
    // No summarizer ever started.
    expect(traceOf(trace).some((event) => event.type === 'delegation_start')).toBe(false);
  });

  test.skipIf(!BWRAP)('under bubblewrap, the callee’s shell sees the folder at its cwd, read-only when the caller’s is', async () => {
    const root = makeProject();
    const shell =
      'toolsets:\n  shell:\n    isolation: bwrap\n    cwd: /folder\n    rules:\n      - { command: ls, approval: preApproved }\n      - { command: touch, args: any }\n';
    fs.writeFileSync(path.join(root, 'workers/summarizer.worker'), SUMMARIZER.replace('toolsets:\n', shell));
    const trace = path.join(root, '..', 'trace-shell.jsonl');
    const file = script(root, [
      delegate('/archive/2024'),
      {
        match: { worker: 'summarizer', turn: 1 },
        respond: {
          tool_calls: [
            { name: 'shell', args: { command: 'ls' } },
            { name: 'shell', args: { command: 'touch x.md' } },
          ],
        },
      },
      { match: { worker: 'summarizer', turn: 2 }, respond: { text: 'listed' } },
      { match: { worker: 'main', turn: 2 }, respond: { text: 'done' } },
    ]);
    const result = await runCli([root, 'go', '--model', `scripted:${file}`, '--trace', trace, '--no-log', '--approve-all']);
    expect(result.code, result.stderr).toBe(0);
    const outputs = traceOf(trace)
      .filter((event) => event.type === 'tool_result' && event.tool === 'shell')
      .map((event) => event.result as { stdout: string; stderr: string });
    expect(outputs.map((output) => output.stdout)).toContain('retro.md\n');
    expect(outputs.map((output) => output.stderr).join('')).toContain('Read-only file system');
    expect(fs.readdirSync(path.join(root, 'archive/2024'))).toEqual(['retro.md']);
  });

  test('the run log records each call’s bound folder, and runs show lists it', async () => {
    const root = makeProject();
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    const file = script(root, [
      delegate('/archive/2024'),
      { match: { worker: 'summarizer', turn: 1 }, respond: { text: 'old notes' } },
      { match: { worker: 'main', turn: 2 }, respond: { text: 'done' } },
    ]);
    const cli = (args: string[]) => runCli(args, { env: { LLM_DO_HOME: home } });
    expect((await cli([root, 'go', '--model', `scripted:${file}`])).code).toBe(0);
    const shown = await cli(['runs', 'show', 'last']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('mount /folder ← /archive/2024 (ro)');
    const json = JSON.parse((await cli(['runs', 'show', 'last', '--json'])).stdout);
    expect(json.run.root.mounts).toEqual([]);
    expect(json.run.root.tool_calls[0].call.mounts).toEqual([{ path: '/folder', from: '/archive/2024', mode: 'ro' }]);
  });

  test('a paused callee resumes with the same folder', async () => {
    const root = makeProject();
    fs.writeFileSync(path.join(root, 'workers/summarizer.worker'), SUMMARIZER.replace('tools: { write_file: preApproved }', 'tools: { write_file: ask }'));
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    const file = script(root, [
      delegate('/drafts/alpha'),
      {
        match: { worker: 'summarizer', turn: 1 },
        respond: { tool_calls: [{ name: 'write_file', args: { path: '/folder/SUMMARY.md', content: '- resumed\n' } }] },
      },
      { match: { worker: 'summarizer', turn: 2 }, respond: { text: 'written' } },
      { match: { worker: 'main', turn: 2 }, respond: { text: 'done' } },
    ]);
    const cli = (args: string[]) => runCli(args, { env: { LLM_DO_HOME: home } });
    const paused = await cli([root, 'go', '--model', `scripted:${file}`, '--on-approval', 'pause']);
    expect(paused.code, paused.stderr).toBe(3);
    expect((await cli(['approve', 'last', '--all'])).code).toBe(0);
    const resumed = await cli(['resume', 'last']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toBe('done\n');
    expect(fs.readFileSync(path.join(root, 'drafts/alpha/SUMMARY.md'), 'utf8')).toBe('- resumed\n');
  });
});

describe.concurrent('an entry worker’s ${dir} from the command line', () => {
  const listThenAnswer = (root: string) =>
    script(root, [
      { match: { worker: 'summarizer', turn: 1 }, respond: { tool_calls: [{ name: 'list_files', args: { path: '/folder' } }] } },
      { match: { worker: 'summarizer', turn: 2 }, respond: { text: 'listed' } },
    ]);

  test('binds a directory inside the project, relative to its root', async () => {
    const root = makeProject();
    const trace = path.join(root, '..', 'trace-entry.jsonl');
    const result = await runCli([
      root,
      '--entry',
      'summarizer',
      '--input',
      '{"dir": "drafts/alpha"}',
      '--model',
      `scripted:${listThenAnswer(root)}`,
      '--trace',
      trace,
      '--no-log',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const events = traceOf(trace);
    expect(events.find((event) => event.type === 'run_start')).toMatchObject({ mounts: [{ path: '/folder', from: '/drafts/alpha', mode: 'rw' }] });
    expect(events.find((event) => event.type === 'tool_result')).toMatchObject({ result: { files: ['/folder/launch.md'] } });
  });

  test('binds a directory of a --mount grant, with the grant’s mode', async () => {
    const root = makeProject();
    const shared = fs.mkdtempSync(path.join(tmp, 'shared-'));
    fs.mkdirSync(path.join(shared, 'sub'));
    fs.writeFileSync(path.join(shared, 'sub/x.md'), 'x');
    const trace = path.join(root, '..', 'trace-grant.jsonl');
    const args = [root, '--entry', 'summarizer', '--input', JSON.stringify({ dir: path.join(shared, 'sub') }), '--mount', `ext=${shared}:ro`];
    const result = await runCli([...args, '--model', `scripted:${listThenAnswer(root)}`, '--trace', trace, '--no-log']);
    expect(result.code, result.stderr).toBe(0);
    const events = traceOf(trace);
    expect(events.find((event) => event.type === 'run_start')).toMatchObject({ mounts: [{ path: '/folder', from: '/ext/sub', mode: 'ro' }] });
    expect(events.find((event) => event.type === 'tool_result')).toMatchObject({ result: { files: ['/folder/x.md'] } });
  });

  test.each([
    ['../', '"../" is outside the project; give a directory inside the project (relative to its root), or grant it with --mount NAME=DIR'],
    ['/etc', '"/etc" is outside the project'],
    ['drafts/alpha/launch.md', '"drafts/alpha/launch.md" is not a directory'],
    ['drafts/link-out', '"drafts/link-out" leads out of the project through a symbolic link'],
    ['nope', '"nope" does not exist'],
  ])('refuses %j with a usage error naming the field (exit 2), --json included', async (dir, reason) => {
    const root = makeProject();
    const args = [root, '--entry', 'summarizer', '--input', JSON.stringify({ dir }), '--model', `scripted:${listThenAnswer(root)}`, '--no-log'];
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`llm-do: input field dir of worker summarizer (the directory of its mount /folder): ${reason}`);
    const json = await runCli([...args, '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout).error).toContain('input field dir');
  });
});

describe.concurrent('llm-do check and ${field} roots', () => {
  test('reports a field schema_in lacks, a non-string field, mixed text and a worker without schema_in', async () => {
    const root = path.join(tmp, 'bad-check');
    fs.mkdirSync(path.join(root, 'workers'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'main.worker'),
      '---\nname: main\nmodel: test\nschema_in:\n  type: object\n  properties:\n    dir: { type: string }\n    n: { type: integer }\nsandbox:\n  paths:\n    a: { root: "${folder}" }\n    b: { root: "${n}" }\n    c: { root: "${dir}/x" }\ntoolsets:\n  filesystem: {}\n---\nhi\n',
    );
    fs.writeFileSync(path.join(root, 'workers/plain.worker'), '---\nname: plain\nmodel: test\nsandbox:\n  root: "${dir}"\n---\nhi\n');
    const result = await runCli(['check', root]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('main.worker: sandbox.paths.a.root is ${folder}, but schema_in has no field folder (schema_in declares dir, n)');
    expect(result.stdout).toContain('main.worker: sandbox.paths.b.root is ${n}, but schema_in field n is not a string');
    expect(result.stdout).toContain('main.worker: sandbox.paths.c.root "${dir}/x": a parametric root is exactly ${field}');
    expect(result.stdout).toContain('workers/plain.worker: sandbox.root is ${dir}, but the worker has no schema_in to take dir from');
    expect(result.stderr).toContain('check failed: 4 errors');
    // A run is refused the same way, before any request.
    const run = await runCli([root, '--input', '{"dir": "x"}', '--model', 'test', '--no-log']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('sandbox.paths.a.root is ${folder}');
  });
});
