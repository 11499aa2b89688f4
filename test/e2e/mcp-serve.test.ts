/**
 * `llm-do mcp serve` (docs/mcp-serve.md) driven by the MCP SDK's own client: the built CLI spawned over stdio
 * (and once over Streamable HTTP) against scripted model servers. Tools, schemas, a run with
 * delegation, structured output, approvals by mode flag, bad arguments, cancellation, concurrency,
 * the run log, and a stdout that carries nothing but the protocol.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ScriptedHandler } from '../../src/testkit/index.ts';
import { CLI_BIN, REPO_ROOT, runCli, startCli } from './helpers/run-cli.ts';
import { byWorker, CHAT, closeServers, scripted } from './helpers/scripted.ts';

const FIXTURE_SOURCE = path.join(REPO_ROOT, 'test/fixtures/mcp-serve/project');
let scratch: string;
let fixture: string;
let home: string;

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-mcp-serve-'));
  // A copy: the writer worker writes into its output/.
  fixture = path.join(scratch, 'project');
  fs.cpSync(FIXTURE_SOURCE, fixture, { recursive: true });
  home = path.join(scratch, 'home');
  fs.mkdirSync(home);
});
afterAll(async () => {
  await closeServers();
  fs.rmSync(scratch, { recursive: true, force: true });
});

interface Connected {
  client: Client;
  stderr: () => string;
  /** Errors the client saw on the connection (a non-protocol line on stdout is one). */
  errors: Error[];
}

/** Spawns `mcp serve` on the fixture over stdio and connects the SDK client to it. */
async function connect(handler: ScriptedHandler, flags: string[] = []): Promise<Connected> {
  const { env } = await scripted(handler);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_BIN, 'mcp', 'serve', fixture, '--model', CHAT.model, ...flags],
    env: { ...(env as Record<string, string>), HOME: home },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'mcp-serve-test', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return { client, stderr: () => stderr, errors };
}

const texts = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`));

async function recordedRuns(): Promise<{ id: string; entry: string; status: string; error: string | null }[]> {
  const listed = await runCli(['runs', '--json', '--limit', '50'], { home });
  expect(listed.code, listed.stderr).toBe(0);
  return JSON.parse(listed.stdout).runs;
}

/** Writes `file` into /output after printing on stdout through the `shout` tool, then reports the results. */
const writesNotes =
  (file: string): ScriptedHandler =>
  (request) =>
    request.toolResults.length === 0
      ? {
          toolCalls: [
            { name: 'shout', args: { text: 'hello' } },
            { name: 'write_file', args: { path: `/output/${file}`, content: 'notes' } },
          ],
        }
      : { text: `results: ${request.toolResults.map((result) => result.content).join(' | ')}` };

/** What the workers of the fixture answer on the server most tests share. */
const fixtureWorkers = byWorker({
  main: (request) =>
    request.toolResults.length === 0
      ? { toolCalls: [{ name: 'helper', args: { input: `look up: ${request.lastUserText}` } }] }
      : { text: `main says: ${request.toolResults[0]!.content}` },
  helper: (request) => ({ text: `helper found "${request.lastUserText}"` }),
  report: (request) => (request.lastUserText === 'fail' ? { status: 400, text: 'the provider refuses' } : { json: { title: 'Tides', score: 7 } }),
  writer: writesNotes('denied.md'),
});

/** One `mcp serve` (default flags) for the tests that need nothing else: each spawn costs a second of CPU. */
let shared: Promise<Connected> | undefined;
const sharedServer = () => (shared ??= connect(fixtureWorkers));
afterAll(async () => {
  await (await shared)?.client.close();
});

describe.concurrent('llm-do mcp serve over stdio', () => {
  test('lists the entry and exported workers with their descriptions and schemas', async () => {
    const { client } = await sharedServer();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['main', 'greet', 'report', 'writer']);
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName.main!.description).toBe('Answers a question, asking the helper worker first.');
    expect(byName.main!.inputSchema).toMatchObject({
      type: 'object',
      required: ['input'],
      properties: { input: { type: 'string' }, instructions: { type: 'string' } },
    });
    expect(byName.greet!.inputSchema).toEqual(JSON.parse(fs.readFileSync(path.join(FIXTURE_SOURCE, 'schemas/greeting.json'), 'utf8')));
    expect(byName.report!.outputSchema).toMatchObject({ type: 'object', required: ['title', 'score'] });
    expect(byName.main!.outputSchema).toBeUndefined();
  });

  test('a call runs the worker with its delegation, answers its output, and is recorded in the run log', async () => {
    const { client, errors } = await sharedServer();
    const progress: string[] = [];
    const result = (await client.callTool({ name: 'main', arguments: { input: 'tides', instructions: 'be brief' } }, undefined, {
      onprogress: (update) => progress.push(update.message ?? ''),
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(texts(result)).toEqual(['main says: helper found "look up: tides\n\nInstructions from the caller:\nbe brief"']);
    expect(progress).toContain('main: helper');
    const runId = result._meta?.['llm-do/run_id'] as string;
    expect(runId).toMatch(/\w+/);
    const run = (await recordedRuns()).find((recorded) => recorded.id === runId);
    expect(run).toMatchObject({ entry: 'main', status: 'ok' });
    expect(errors).toEqual([]);
  });

  test('a schema_out worker answers structuredContent and a text copy', async () => {
    const { client } = await sharedServer();
    const result = (await client.callTool({ name: 'report', arguments: { input: 'tides' } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ title: 'Tides', score: 7 });
    expect(JSON.parse(texts(result)[0]!)).toEqual({ title: 'Tides', score: 7 });
  });

  test('arguments that break schema_in, oversized arguments and a failing worker are error results; an unknown tool is a protocol error', async () => {
    const { client, stderr } = await sharedServer();
    const invalid = (await client.callTool({ name: 'greet', arguments: { name: 'Ada', times: 0 } })) as CallToolResult;
    expect(invalid.isError).toBe(true);
    expect(texts(invalid)[0]).toMatch(/^invalid arguments for greet: times: /);
    const missing = (await client.callTool({ name: 'main', arguments: { text: 'hi' } })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(texts(missing)[0]).toContain('input: ');
    const huge = (await client.callTool({ name: 'main', arguments: { input: 'x'.repeat(2 * 1024 * 1024) } })) as CallToolResult;
    expect(huge.isError).toBe(true);
    expect(texts(huge)[0]).toContain('over the limit of 1048576 bytes');
    const failed = (await client.callTool({ name: 'report', arguments: { input: 'fail' } })) as CallToolResult;
    expect(failed.isError).toBe(true);
    expect(texts(failed)[0]).toMatch(/^worker report failed: /);
    await expect(client.callTool({ name: 'helper', arguments: { input: 'x' } })).rejects.toThrow(
      /unknown tool "helper"; this server offers main, greet, report, writer/,
    );
    // The server survived all of it.
    expect((await client.listTools()).tools).toHaveLength(4);
    expect(stderr()).not.toMatch(/\n\s+at /);
  });

  test('a tool call that asks is denied by default, saying which flag allows it; tool code printing never reaches stdout', async () => {
    const { client, stderr, errors } = await sharedServer();
    const result = (await client.callTool({ name: 'writer', arguments: { input: 'notes' } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const [answer, note] = texts(result);
    expect(answer).toContain('shouted hello');
    expect(answer).toContain('no terminal');
    expect(note).toContain('1 tool call(s) of this run were denied: write_file');
    expect(note).toContain('--on-approval approve');
    expect(fs.existsSync(path.join(fixture, 'output/denied.md'))).toBe(false);
    // What the tool printed went to stderr, and the client never saw a line that was not JSON-RPC.
    expect(stderr()).toContain('SHOUTED ON STDOUT: hello');
    expect(stderr()).toContain('RAW WRITE ON STDOUT');
    expect(errors).toEqual([]);
  });

  test('--approve-all lets the call that asks run', async () => {
    const { client } = await connect(writesNotes('approved.md'), ['--approve-all']);
    try {
      const result = (await client.callTool({ name: 'writer', arguments: { input: 'notes' } })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(texts(result)).toHaveLength(1);
      expect(fs.readFileSync(path.join(fixture, 'output/approved.md'), 'utf8')).toBe('notes');
    } finally {
      await client.close();
    }
  });

  test('calls run concurrently, and a call the client cancels ends its run as interrupted', async () => {
    // Each greet request waits until the other one has arrived: only concurrent runs both answer.
    let arrived = 0;
    let bothArrived: () => void = () => {};
    const together = new Promise<void>((resolve) => (bothArrived = resolve));
    const { client } = await connect(
      byWorker({
        greet: async (request) => {
          if (++arrived === 2) bothArrived();
          await together;
          return { text: `hello ${JSON.parse(request.lastUserText).name}` };
        },
        main: () => ({ text: 'too late', delayMs: 30_000 }),
      }),
    );
    try {
      const [ada, bob] = (await Promise.all([
        client.callTool({ name: 'greet', arguments: { name: 'Ada', times: 1 } }),
        client.callTool({ name: 'greet', arguments: { name: 'Bob', times: 1 } }),
      ])) as CallToolResult[];
      expect(texts(ada!)).toEqual(['hello Ada']);
      expect(texts(bob!)).toEqual(['hello Bob']);

      // Cancelled once its model request is under way (the progress notification says so).
      const cancel = new AbortController();
      const slow = client.callTool({ name: 'main', arguments: { input: 'cancel me' } }, undefined, { signal: cancel.signal, onprogress: () => cancel.abort() });
      await expect(slow).rejects.toThrow();
      await waitFor(async () => (await recordedRuns()).some((run) => run.entry === 'main' && run.status === 'interrupted'));
    } finally {
      await client.close();
    }
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.concurrent('llm-do mcp serve refuses to start on a bad project', () => {
  test('a DIR that is not a project: exit 2 naming it', async () => {
    const missing = path.join(scratch, 'no-such-dir');
    const result = await runCli(['mcp', 'serve', missing, '--model', CHAT.model], { home });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no-such-dir');
    expect(result.stdout).toBe('');
  });

  test('a project with check errors: exit 2 listing them, nothing served', async () => {
    const broken = path.join(scratch, 'broken');
    fs.mkdirSync(broken);
    fs.writeFileSync(path.join(broken, 'main.worker'), '---\nname: main\nschema_in: schemas/missing.json\n---\nhi\n');
    const result = await runCli(['mcp', 'serve', broken, '--model', CHAT.model], { home });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('main.worker');
    expect(result.stderr).toContain('schemas/missing.json');
    expect(result.stderr).toContain('nothing is served');
    expect(result.stdout).toBe('');
  });
});

describe('llm-do mcp serve --http', () => {
  test('serves on 127.0.0.1 with the SDK client, refuses a foreign Origin or Host, stops on Ctrl-C, and a port in use is a clear error', async () => {
    const { env } = await scripted(() => ({ text: 'hello over http' }));
    const server = startCli(['mcp', 'serve', fixture, '--model', CHAT.model, '--http', '0'], { env, home });
    let printed = '';
    server.child.stderr!.on('data', (chunk: string) => (printed += chunk));
    await server.waitForStderr('(Ctrl-C stops)');
    const [, endpoint, port] = /at (http:\/\/127\.0\.0\.1:(\d+)\/mcp) \(Ctrl-C stops\)/.exec(printed)!;

    const client = new Client({ name: 'mcp-serve-http-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint!)));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('greet');
    const result = (await client.callTool({ name: 'greet', arguments: { name: 'Ada', times: 2 } })) as CallToolResult;
    expect(texts(result)).toEqual(['hello over http']);
    await client.close();

    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'page', version: '1' } },
    });
    expect(await post(Number(port), initialize, { origin: 'http://evil.example' })).toMatchObject({ status: 403 });
    expect(await post(Number(port), initialize, { host: `evil.example:${port}` })).toMatchObject({ status: 403 });

    const second = await runCli(['mcp', 'serve', fixture, '--model', CHAT.model, '--http', port!], { env, home });
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`--http ${port}: port ${port} on 127.0.0.1 is in use`);

    server.child.kill('SIGINT');
    const ended = await server.result;
    expect(ended.code, ended.stderr).toBe(0);
    expect(ended.stderr).toContain('llm-do mcp serve: stopped');
    expect(ended.stdout).toBe('');
  });
});

/** POSTs an MCP message with extra headers (a browser's Origin, a rebound Host). */
function post(port: number, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
