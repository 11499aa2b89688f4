/**
 * A hostile model against the sandbox and the file tools, through the built CLI (docs/security.md): links
 * inside a `restrict` subtree that lead out of it, caps asked for beyond their hard limits, a glob
 * built to make a backtracking matcher run for minutes, Ctrl-C in the middle of a big write, and a
 * file name at the 255-byte limit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedRequest } from '../../../src/testkit/index.ts';
import { runCli, startCli } from '../helpers/run-cli.ts';
import { CHAT, closeServers, scripted } from '../helpers/scripted.ts';

afterAll(closeServers);

const SECRET = 'SECRET-OUTSIDE-THE-SUBTREE';
const MAIN = (sandbox: string) => `---
name: main
description: The worker a hostile model drives.
sandbox:
${sandbox}
toolsets:
  filesystem: {}
  workers:
    allowed_workers: [reader]
---
You are worker main.
`;
const READER = `---
name: reader
description: Reads what it is given.
---
You are worker reader.
`;

/** A project whose main worker is restricted to /data/sub, with links in it leading elsewhere in /data. */
function restrictedProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-sandbox-'));
  fs.writeFileSync(path.join(root, 'project.yaml'), 'name: hostile\n');
  fs.writeFileSync(path.join(root, 'main.worker'), MAIN('  paths:\n    data: { root: ./data, mode: rw }\n  restrict: /data/sub'));
  fs.mkdirSync(path.join(root, 'workers'));
  fs.writeFileSync(path.join(root, 'workers/reader.worker'), READER);
  fs.mkdirSync(path.join(root, 'data/sub'), { recursive: true });
  fs.mkdirSync(path.join(root, 'data/other'));
  fs.writeFileSync(path.join(root, 'data/secret.txt'), SECRET);
  fs.writeFileSync(path.join(root, 'data/other/private.txt'), SECRET);
  fs.writeFileSync(path.join(root, 'data/sub/own.txt'), 'own');
  fs.symlinkSync('../secret.txt', path.join(root, 'data/sub/file-link.txt'));
  fs.symlinkSync('../other', path.join(root, 'data/sub/dir-link'));
  return root;
}

/** A project whose main worker has /data read-write. */
function openProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-sandbox-'));
  fs.writeFileSync(path.join(root, 'project.yaml'), 'name: hostile\n');
  fs.writeFileSync(path.join(root, 'main.worker'), MAIN('  paths:\n    data: { root: ./data, mode: rw }'));
  fs.mkdirSync(path.join(root, 'workers'));
  fs.writeFileSync(path.join(root, 'workers/reader.worker'), READER);
  fs.mkdirSync(path.join(root, 'data'));
  return root;
}

/** Answers the first request with `calls`, then ends the run. */
function callsThenDone(calls: { name: string; args: unknown }[]) {
  return (request: ScriptedRequest) => {
    if (request.system.includes('You are worker reader')) return { text: 'reader answered' };
    return request.toolResults.length === 0 ? { toolCalls: calls } : { text: 'done' };
  };
}

function resultsByCall(request: ScriptedRequest): string[] {
  return request.toolResults.map((result) => `${result.name}: ${result.content}`);
}

describe.concurrent('sandbox against a hostile model', () => {
  test('links inside a restrict subtree cannot reach the rest of the mount: read, write, delete, stat, list, attach', async () => {
    const root = restrictedProject();
    const { server, env } = await scripted(
      callsThenDone([
        { name: 'read_file', args: { path: '/data/sub/file-link.txt' } },
        { name: 'read_file', args: { path: '/data/sub/dir-link/private.txt' } },
        { name: 'write_file', args: { path: '/data/sub/dir-link/planted.txt', content: 'PWNED' } },
        { name: 'write_file', args: { path: '/data/sub/dir-link/private.txt', content: 'PWNED' } },
        { name: 'delete_file', args: { path: '/data/sub/dir-link/private.txt' } },
        { name: 'file_info', args: { path: '/data/sub/file-link.txt' } },
        { name: 'list_files', args: { path: '/data/sub' } },
        { name: 'list_files', args: { path: '/data/sub/dir-link' } },
        { name: 'reader', args: { input: 'read this', attachments: ['/data/sub/file-link.txt'] } },
      ]),
    );
    const result = await runCli([root, 'go', '--model', CHAT.model, '--approve-all', '--no-stream'], { env });

    expect(result.code, result.stderr).toBe(0);
    const results = resultsByCall(server.requests.at(-1)!);
    expect(results).toHaveLength(9);
    for (const line of results) expect(line).not.toContain(SECRET);
    const refused = results.filter((line) => line.includes('leads outside /data/sub through a symbolic link'));
    expect(refused.map((line) => line.slice(0, line.indexOf(':')))).toEqual([
      'read_file',
      'read_file',
      'write_file',
      'write_file',
      'delete_file',
      'file_info',
      'list_files',
      'reader',
    ]);
    expect(results[6]).toBe('list_files: {"files":["/data/sub/own.txt"]}');
    expect(server.requests.some((request) => request.system.includes('You are worker reader'))).toBe(false);
    expect(fs.readFileSync(path.join(root, 'data/other/private.txt'), 'utf8')).toBe(SECRET);
    expect(fs.readdirSync(path.join(root, 'data/other'))).toEqual(['private.txt']);
  });

  test('a huge max_chars is clamped to 1000000 characters', async () => {
    const root = openProject();
    fs.writeFileSync(path.join(root, 'data/big.txt'), 'x'.repeat(1_500_000));
    const { server, env } = await scripted(callsThenDone([{ name: 'read_file', args: { path: '/data/big.txt', max_chars: Number.MAX_SAFE_INTEGER } }]));
    const result = await runCli([root, 'go', '--model', CHAT.model, '--no-stream'], { env });

    expect(result.code, result.stderr).toBe(0);
    const content = server.requests.at(-1)!.toolResults[0]!.content;
    expect(content).toContain('[... truncated: showing the first 1000000 characters of a 1500000-byte file]');
    expect(content.length).toBeLessThan(1_000_200);
  });

  test('a list_files pattern that backtracks for minutes elsewhere finishes at once', async () => {
    const root = openProject();
    for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(root, `data/${'a'.repeat(200)}${i}`), '');
    const pattern = `**/${'*a'.repeat(12)}*b`;
    const { server, env } = await scripted(callsThenDone([{ name: 'list_files', args: { path: '/data', pattern } }]));
    const result = await runCli([root, 'go', '--model', CHAT.model, '--no-stream'], { env, timeoutMs: 15_000 });

    expect(result.timedOut).toBe(false);
    expect(result.code, result.stderr).toBe(0);
    expect(server.requests.at(-1)!.toolResults[0]!.content).toBe('{"files":[]}');
  });

  test('writes a file whose name is 255 bytes long', async () => {
    const root = openProject();
    const name = `${'n'.repeat(251)}.txt`;
    const { server, env } = await scripted(callsThenDone([{ name: 'write_file', args: { path: `/data/${name}`, content: 'long' } }]));
    const result = await runCli([root, 'go', '--model', CHAT.model, '--approve-all', '--no-stream'], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(server.requests.at(-1)!.toolResults[0]!.content).toBe(`wrote 4 characters to /data/${name}`);
    expect(fs.readdirSync(path.join(root, 'data'))).toEqual([name]);
  });

  test('Ctrl-C in the middle of a big write leaves no temp file behind', async () => {
    const root = openProject();
    const data = path.join(root, 'data');
    const { env } = await scripted(callsThenDone([{ name: 'write_file', args: { path: '/data/big.txt', content: 'x'.repeat(32 * 1024 * 1024) } }]));
    // Interrupt the moment the write's temp file appears.
    const watcher = fs.watch(data);
    const cli = startCli([root, 'go', '--model', CHAT.model, '--approve-all', '--no-stream'], { env, timeoutMs: 60_000 });
    let interrupted = false;
    watcher.on('change', (_event, name) => {
      if (interrupted || !String(name).endsWith('.tmp')) return;
      interrupted = true;
      cli.child.kill('SIGINT');
    });
    const result = await cli.result;
    watcher.close();

    expect([0, 130], result.stderr).toContain(result.code);
    expect(fs.readdirSync(data).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 60_000);
});
