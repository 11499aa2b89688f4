/**
 * MCP servers as toolsets (docs/mcp.md) through the built CLI: the real npm `server-everything` over stdio
 * and over Streamable HTTP, approvals in each mode, `mcp list`, `check` with and without `--connect`,
 * and hostile servers (test/fixtures/mcp/hostile-server.mjs): one that never initializes, one whose tool
 * names clash, a 10 MB result, a server that dies mid-run, and its process group stopped at run end
 * and on Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ScriptedRequest } from '../../src/testkit/index.ts';
import { REPO_ROOT, runCli, startCli } from './helpers/run-cli.ts';
import { CHAT, closeServers, scripted } from './helpers/scripted.ts';

const EVERYTHING = path.join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const HOSTILE = path.join(REPO_ROOT, 'test/fixtures/mcp/hostile-server.mjs');
const NODE = process.execPath;

const everythingStdio = { command: NODE, args: [EVERYTHING, 'stdio'] };
const hostile = (mode: string, extra: Record<string, unknown> = {}) => ({ command: NODE, args: [HOSTILE, mode], ...extra });

/** A project in a temp dir: `mcp_servers` in project.yaml, and a `main` worker with `toolsets`. */
function project(servers: Record<string, unknown>, toolsets: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-mcp-'));
  fs.writeFileSync(path.join(dir, 'project.yaml'), `name: mcp-test\nmcp_servers: ${JSON.stringify(servers)}\n`);
  fs.mkdirSync(path.join(dir, 'workers'));
  fs.writeFileSync(path.join(dir, 'workers/main.worker'), `---\nname: main\ntoolsets: ${JSON.stringify(toolsets)}\n---\nYou are worker main.\n`);
  return dir;
}

/** Whether `pid` runs (a zombie waiting for its reaper does not). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let http: ChildProcess;
let httpUrl: string;

beforeAll(async () => {
  const port = await freePort();
  http = spawn(NODE, [EVERYTHING, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server-everything (HTTP) did not start')), 15_000);
    const onData = (chunk: Buffer) => {
      if (/listening/i.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    };
    http.stderr!.on('data', onData);
    http.stdout!.on('data', onData);
  });
  httpUrl = `http://127.0.0.1:${port}/mcp`;
}, 20_000);

afterAll(async () => {
  http?.kill();
  await closeServers();
});

/** The text of the latest tool result named `name` in a request's history. */
function resultOf(request: ScriptedRequest, name: string): string {
  return request.toolResults.findLast((result) => result.name === name)?.content ?? '';
}

/** Each test starts CLIs and real servers: generous for a loaded 2-core machine (the default is 20 s). */
const TEST_TIMEOUT_MS = 60_000;

describe.concurrent('MCP client', () => {
  test(
    'stdio: a preApproved tool runs, an ask tool is denied without a terminal, and events name the tool',
    async () => {
      const dir = project({ everything: everythingStdio }, { 'mcp:everything': { tools: ['echo', 'get-sum'], approval: { tools: { echo: 'preApproved' } } } });
      const { server, env } = await scripted((request) =>
        request.toolResults.length === 0
          ? {
              toolCalls: [
                { name: 'everything__echo', args: { message: 'hello mcp' } },
                { name: 'everything__get-sum', args: { a: 2, b: 3 } },
              ],
            }
          : { text: 'done' },
      );
      const trace = path.join(dir, 'trace.jsonl');
      const result = await runCli([dir, 'go', '--model', CHAT.model, '--trace', trace], { env });

      expect(result.code, result.stderr).toBe(0);
      expect(server.requests[0]!.tools.sort()).toEqual(['everything__echo', 'everything__get-sum']);
      const second = server.requests[1]!;
      expect(resultOf(second, 'everything__echo')).toContain('hello mcp');
      expect(resultOf(second, 'everything__get-sum')).toContain('no terminal');
      const events = fs
        .readFileSync(trace, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(events.filter((event) => event.type === 'tool_call').map((event) => event.tool)).toEqual(['everything__echo', 'everything__get-sum']);
      expect(events.find((event) => event.type === 'approval_decision' && event.tool === 'everything__get-sum')).toMatchObject({ approved: false });
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'pause mode: a run paused at an MCP approval names the tool, and resume starts the server again and runs the call',
    async () => {
      const dir = project({ everything: everythingStdio }, { 'mcp:everything': { tools: ['get-sum'] } });
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-mcp-home-'));
      const { server, env } = await scripted((request) =>
        request.toolResults.length === 0 ? { toolCalls: [{ name: 'everything__get-sum', args: { a: 40, b: 2 } }] } : { text: 'resumed' },
      );
      const cliEnv = { ...env, LLM_DO_HOME: home };
      const paused = await runCli([dir, 'go', '--model', CHAT.model, '--on-approval', 'pause', '--json'], { env: cliEnv });
      expect(paused.code, paused.stderr).toBe(3);
      const { run_id: runId, pending } = JSON.parse(paused.stdout);
      expect(pending[0]).toMatchObject({ tool: 'everything__get-sum' });

      const resumed = await runCli(['resume', runId, '--approve-all'], { env: cliEnv, cwd: dir });
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(resumed.stdout).toContain('resumed');
      expect(resultOf(server.requests.at(-1)!, 'everything__get-sum')).toContain('42');
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'Streamable HTTP: --approve-all runs an ask tool, and a blocked tool is not offered',
    async () => {
      const dir = project({ web: { url: httpUrl } }, { 'mcp:web': { tools: ['echo', 'get-sum'], approval: { tools: { 'ec*': 'blocked' } } } });
      const { server, env } = await scripted((request) =>
        request.toolResults.length === 0 ? { toolCalls: [{ name: 'web__get-sum', args: { a: 20, b: 22 } }] } : { text: 'ok' },
      );
      const result = await runCli([dir, 'go', '--model', CHAT.model, '--approve-all'], { env });

      expect(result.code, result.stderr).toBe(0);
      expect(server.requests[0]!.tools).toEqual(['web__get-sum']);
      expect(resultOf(server.requests[1]!, 'web__get-sum')).toContain('42');
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'mcp list --json starts the servers and shows each tool with its model name and rule per worker',
    async () => {
      const dir = project(
        { everything: everythingStdio, web: { url: httpUrl } },
        { 'mcp:everything': { tools: ['echo'], approval: { default: 'preApproved' } } },
      );
      const result = await runCli(['mcp', 'list', dir, '--json']);

      expect(result.code, result.stderr).toBe(0);
      const { servers } = JSON.parse(result.stdout);
      const everything = servers.find((server: { name: string }) => server.name === 'everything');
      expect(everything).toMatchObject({ transport: 'stdio', workers: ['main'] });
      expect(everything.tools.find((tool: { name: string }) => tool.name === 'echo')).toMatchObject({
        tool: 'everything__echo',
        rules: { main: 'preApproved' },
      });
      expect(everything.tools.find((tool: { name: string }) => tool.name === 'get-sum')).toMatchObject({ rules: {} });
      expect(servers.find((server: { name: string }) => server.name === 'web')).toMatchObject({ transport: 'http', workers: [] });
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'check validates without starting servers; check --connect starts them and flags a tools: glob that matches nothing',
    async () => {
      const dir = project({ slow: hostile('hang'), everything: everythingStdio }, { 'mcp:everything': { tools: ['echo', 'no-such-*'] } });
      const plain = await runCli(['check', dir]);
      expect(plain.code, plain.stdout + plain.stderr).toBe(0);

      const connected = await runCli(['check', dir, '--connect']);
      expect(connected.code, connected.stderr).toBe(0);
      expect(connected.stdout).toContain('"no-such-*" matches none of the tools of the MCP server everything');
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'an unknown server name is a check and run error naming the worker, the field and the known servers',
    async () => {
      const dir = project({ everything: everythingStdio }, { 'mcp:everthing': {} });
      const check = await runCli(['check', dir]);
      expect(check.code).toBe(2);
      expect(check.stdout).toContain('workers/main.worker');
      expect(check.stdout).toContain('worker main: unknown MCP server "everthing" (did you mean "everything"?); configured servers: everything');
      const { env } = await scripted(() => ({ text: 'never' }));
      const run = await runCli([dir, 'go', '--model', CHAT.model], { env });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('unknown MCP server "everthing" (did you mean "everything"?)');
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'config errors: both command and url, and an unknown key, are named',
    async () => {
      const dir = project({ both: { command: 'x', url: 'http://127.0.0.1:1/mcp' }, typo: { comand: 'x' } }, {});
      const check = await runCli(['check', dir]);
      expect(check.code).toBe(2);
      expect(check.stdout).toContain('either command (stdio) or url (Streamable HTTP), not both');
      expect(check.stdout).toContain('unknown key "comand" in mcp_servers.typo (did you mean "command"?');
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'two server tools mapping to one name are an error naming both',
    async () => {
      const dir = project({ clash: hostile('clash') }, { 'mcp:clash': {} });
      const { env } = await scripted(() => ({ text: 'never' }));
      const result = await runCli([dir, 'go', '--model', CHAT.model], { env });
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain('the MCP server clash offers the tools "read.file" and "read_file", which both become clash__read_file');
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'a server that never answers initialize times out with an error naming it and its stderr',
    async () => {
      const dir = project({ slow: hostile('hang', { timeout_ms: 2000 }) }, { 'mcp:slow': {} });
      const { env } = await scripted(() => ({ text: 'never' }));
      const result = await runCli([dir, 'go', '--model', CHAT.model], { env });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('MCP server slow (project.yaml) did not start within 2000 ms');
      expect(result.stderr).toContain('hostile server: ignoring initialize');
      expect(result.durationMs).toBeLessThan(15_000);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'at run end the server is stopped as a process group: no orphan is left',
    async () => {
      const dir = project({ h: hostile('tools') }, { 'mcp:h': { tools: ['pids'], approval: { default: 'preApproved' } } });
      const { server, env } = await scripted((request) =>
        request.toolResults.length === 0 ? { toolCalls: [{ name: 'h__pids', args: {} }] } : { text: 'done' },
      );
      const result = await runCli([dir, 'go', '--model', CHAT.model], { env });

      expect(result.code, result.stderr).toBe(0);
      const pids = JSON.parse(resultOf(server.requests[1]!, 'h__pids')) as { server: number; child: number };
      expect(alive(pids.server)).toBe(false);
      expect(alive(pids.child)).toBe(false);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'Ctrl-C while the model thinks stops the server as a process group: exit 130, no orphan left',
    async () => {
      const dir = project({ h: hostile('tools') }, { 'mcp:h': { tools: ['pids'], approval: { default: 'preApproved' } } });
      const { server, env } = await scripted((request) =>
        request.toolResults.length === 0 ? { toolCalls: [{ name: 'h__pids', args: {} }] } : { text: 'too late', delayMs: 30_000 },
      );
      const cli = startCli([dir, 'go', '--model', CHAT.model], { env });
      while (server.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      const pids = JSON.parse(resultOf(server.requests[1]!, 'h__pids')) as { server: number; child: number };
      expect(alive(pids.server)).toBe(true);
      cli.child.kill('SIGINT');
      const result = await cli.result;

      expect(result.code, result.stderr).toBe(130);
      expect(alive(pids.server)).toBe(false);
      expect(alive(pids.child)).toBe(false);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'a 10 MB result becomes an error result; a server that dies turns this and later calls into error results, leaves no orphan, and the run goes on',
    async () => {
      const dir = project({ h: hostile('tools') }, { 'mcp:h': { approval: { default: 'preApproved' } } });
      const { server, env } = await scripted((request) => {
        const turn = request.toolResults.length;
        if (turn === 0)
          return {
            toolCalls: [
              { name: 'h__pids', args: {} },
              { name: 'h__huge', args: {} },
              { name: 'h__add', args: { a: 1, b: 2 } },
            ],
          };
        if (turn === 3) return { toolCalls: [{ name: 'h__crash', args: {} }] };
        if (turn === 4) return { toolCalls: [{ name: 'h__add', args: { a: 1, b: 1 } }] };
        return { text: 'survived' };
      });
      const result = await runCli([dir, 'go', '--model', CHAT.model], { env });

      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('survived');
      const first = server.requests[1]!;
      expect(resultOf(first, 'h__huge')).toContain('more than the 1000000 a tool result may have');
      expect(resultOf(first, 'h__add')).toContain('3');
      expect(resultOf(server.requests[2]!, 'h__crash')).toMatch(/MCP server h/);
      expect(resultOf(server.requests[3]!, 'h__add')).toContain('the MCP server h stopped');
      const pids = JSON.parse(resultOf(first, 'h__pids')) as { server: number; child: number };
      expect(alive(pids.server)).toBe(false);
      expect(alive(pids.child)).toBe(false);
    },
    TEST_TIMEOUT_MS,
  );
});
