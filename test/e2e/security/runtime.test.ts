/**
 * The runtime's side of docs/security.md through the built CLI, against a hostile model and hostile tool code: `ctx.callWorker`
 * takes the approval path of a delegation tool call, denials are counted and can fail the run,
 * non-JSON tool results and stray errors of tool code end honestly, a stalled run or a silent model
 * stream is an error (never Node's silent exit 13 or a hang), and a tool name that is an
 * Object.prototype member finds no tool.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedHandler } from '../../../src/testkit/index.ts';
import { writeTree } from '../../project/fixture.ts';
import { runCli, startCli } from '../helpers/run-cli.ts';
import { CHAT, closeServers, PROTOCOLS, requestsOf, scripted } from '../helpers/scripted.ts';

afterAll(closeServers);

const TOOLS = `import { defineTool } from 'llm-do';
import { z } from 'zod';

const none = z.object({});
const tool = (description: string, execute: (args: any, ctx: any) => unknown) => defineTool({ description, inputSchema: none, needsApproval: false, execute });

export const consult = defineTool({
  description: 'Asks a worker through ctx.callWorker.',
  inputSchema: z.object({ who: z.string() }),
  needsApproval: false,
  execute: async ({ who }, ctx) => ctx.callWorker(who, 'a question from tool code'),
});
export const circular = tool('Returns a cycle.', () => {
  const value: Record<string, unknown> = { a: 1 };
  value.self = value;
  return value;
});
export const bigint = tool('Returns a BigInt.', () => ({ n: 10n }));
export const fn = tool('Returns a function.', () => () => 1);
export const timer_throws = tool('Throws from a timer after returning.', () => {
  setTimeout(() => {
    throw new Error('boom from a timer');
  }, 5);
  return 'started';
});
export const stray_rejection = tool('Leaves a rejected promise behind.', () => {
  void Promise.reject(new Error('nobody caught me'));
  return 'started';
});
export const never = tool('Never settles, and nothing is left running.', () => new Promise(() => undefined));
export const quit = tool('Ends the process.', () => process.exit(0));
export const write_note = defineTool({ description: 'Needs approval.', inputSchema: none, needsApproval: true, execute: () => 'written' });
`;

/** A project whose workers' instructions name them (`You are worker <id>`), with TOOLS as tools.ts. */
function project(extra: Record<string, string> = {}): string {
  const worker = (name: string, fields: string) => `---\nname: ${name}\n${fields}---\nYou are worker ${name}.\n`;
  return writeTree({
    'project.yaml': 'name: hostile\n',
    'main.worker': worker(
      'main',
      'toolsets:\n  custom: {}\n  workers:\n    allowed_workers: [asker, blocked_one, open_one]\n    approval:\n      tools:\n        asker: ask\n        blocked_one: blocked\n',
    ),
    'workers/asker.worker': worker('asker', 'description: Needs approval to be called.\n'),
    'workers/blocked_one.worker': worker('blocked_one', ''),
    'workers/open_one.worker': worker('open_one', ''),
    'workers/bare.worker': worker('bare', 'toolsets:\n  custom:\n    tools: [circular]\n'),
    'tools.ts': TOOLS,
    ...extra,
  });
}

/** main calls `tool` with `args` once, then answers with the tool results; sub-workers answer plainly. */
function callOnce(tool: string, args: unknown = {}): ScriptedHandler {
  return (request) => {
    const worker = /You are worker (\w+)/.exec(request.system)?.[1];
    if (worker !== 'main' && worker !== 'bare') return { text: `${worker} answered` };
    return request.toolResults.length === 0
      ? { toolCalls: [{ name: tool, args }] }
      : { text: `main saw: ${request.toolResults.map((result) => result.content).join(' | ')}` };
  };
}

function traceFile(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-trace-')), 'run.jsonl');
}

function readTrace(file: string): any[] {
  return fs
    .readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
}

const NO_TERMINAL = 'approval needed for asker but no terminal; use --approve-all or pre-approve the tool';

describe.concurrent('ctx.callWorker takes the approval path of a delegation tool call', () => {
  test('an `ask` target is asked (here: no terminal, so denied), with tool events and the denial counted', async () => {
    const { server, env } = await scripted(callOnce('consult', { who: 'asker' }));
    const trace = traceFile();
    const result = await runCli([project(), 'go', '--model', CHAT.model, '--trace', trace], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(requestsOf(server, 'asker')).toHaveLength(0);
    expect(result.stdout).toBe(`main saw: consult failed: ${NO_TERMINAL}\n`);
    expect(result.stderr).toContain('1 tool call(s) denied');
    const events = readTrace(trace);
    expect(events.find((e) => e.type === 'tool_call' && e.tool === 'asker')).toMatchObject({ chain: ['main'], args: { input: 'a question from tool code' } });
    expect(events.find((e) => e.type === 'approval_decision' && e.tool === 'asker')).toMatchObject({ approved: false, reason: NO_TERMINAL });
    expect(events.find((e) => e.type === 'tool_result' && e.tool === 'asker')).toMatchObject({ ok: false, denied: true });
  });

  test('--auto-deny denies it and --approve-all lets it run', async () => {
    const { server: denied, env: deniedEnv } = await scripted(callOnce('consult', { who: 'asker' }));
    const refused = await runCli([project(), 'go', '--model', CHAT.model, '--auto-deny'], { env: deniedEnv });
    expect(refused.stdout).toBe('main saw: consult failed: denied by policy (auto_deny)\n');
    expect(requestsOf(denied, 'asker')).toHaveLength(0);

    const { server, env } = await scripted(callOnce('consult', { who: 'asker' }));
    const approved = await runCli([project(), 'go', '--model', CHAT.model, '--approve-all'], { env });
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toBe('main saw: asker answered\n');
    expect(requestsOf(server, 'asker')).toHaveLength(1);
  }, 40_000);

  test('a `blocked` target never runs, even under --approve-all', async () => {
    const { server, env } = await scripted(callOnce('consult', { who: 'blocked_one' }));
    const result = await runCli([project(), 'go', '--model', CHAT.model, '--approve-all', '--json'], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(requestsOf(server, 'blocked_one')).toHaveLength(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'ok', output: 'main saw: consult failed: blocked by policy', denied_calls: 1 });
  });
});

describe.concurrent('denied calls are reported (docs/security.md)', () => {
  test('an unattended run whose needed call was denied exits 0 but says so; --fail-on-deny exits 1', async () => {
    const { env } = await scripted(callOnce('write_note'));
    const dir = project();
    const json = await runCli([dir, 'go', '--model', CHAT.model, '--json'], { env });
    expect(json.code, json.stderr).toBe(0);
    expect(json.stderr).toContain('1 tool call(s) denied');
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'ok', denied_calls: 1 });

    const failing = await runCli([dir, 'go', '--model', CHAT.model, '--fail-on-deny', '--auto-deny'], { env });
    expect(failing.code).toBe(1);
    expect(failing.stdout).toBe('main saw: denied by policy (auto_deny)\n');
    expect(failing.stderr).toContain('llm-do: 1 tool call(s) denied (--fail-on-deny)');
  }, 40_000);
});

describe.concurrent('tool results that are not JSON become error results; the run goes on', () => {
  for (const [tool, reason] of [
    ['circular', 'Converting circular structure to JSON'],
    ['bigint', 'BigInt'],
  ] as const) {
    test(tool, async () => {
      const { server, env } = await scripted(callOnce(tool));
      const trace = traceFile();
      const result = await runCli([project(), 'go', '--model', CHAT.model, '--trace', trace], { env });

      expect(result.code, result.stderr).toBe(0);
      const seen = server.requests[1]!.toolResults[0]!.content;
      expect(seen).toContain(`${tool}: tool result is not JSON-serialisable: `);
      expect(seen).toContain(reason);
      expect(readTrace(trace).at(-1)).toMatchObject({ type: 'run_end', status: 'ok' });
    });
  }
});

describe.concurrent('one honest ending for stray errors and stalls', () => {
  for (const [tool, message] of [
    ['timer_throws', 'Error: boom from a timer'],
    ['stray_rejection', 'Error: nobody caught me'],
  ] as const) {
    test(`${tool}: the run fails with exit 1, naming the tool module`, async () => {
      const { env } = await scripted((request) =>
        request.toolResults.length === 0 ? { toolCalls: [{ name: tool, args: {} }] } : { text: 'done', delayMs: 500 },
      );
      const result = await runCli([project(), 'go', '--model', CHAT.model, '--json'], { env });

      expect(result.code).toBe(1);
      const printed = JSON.parse(result.stdout);
      expect(printed.status).toBe('error');
      expect(printed.error).toMatch(new RegExp(`^tool code failed outside any tool call: ${message} \\(at .*tools\\.ts:\\d+:\\d+\\)$`));
      expect(result.stderr).not.toMatch(/^\s+at /m);
    });
  }

  test('a tool whose promise never settles (nothing left running) fails the run instead of a silent exit 13', async () => {
    const { env } = await scripted(callOnce('never'));
    const result = await runCli([project(), 'go', '--model', CHAT.model], { env });

    expect(result.code).toBe(1);
    expect(result.stderr).toContain('llm-do: the run stopped making progress');
    expect(result.stderr).toContain('; still waiting for main › never');
  });

  test('tool code calling process.exit(0) does not pass for a successful run', async () => {
    const { env } = await scripted(callOnce('quit'));
    const result = await runCli([project(), 'go', '--model', CHAT.model], { env });

    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('llm-do: the process was ended before the run finished');
  });

  test("Ctrl-C ends a run promptly with 130 while a tool module's top-level await never settles", async () => {
    const dir = project({
      'tools.ts': "process.stderr.write('tool module loading\\n');\nawait new Promise(() => setInterval(() => undefined, 1000));\nexport const x = 1;\n",
    });
    const cli = startCli([dir, 'go', '--entry', 'bare', '--model', 'test']);
    await cli.waitForStderr('tool module loading');
    const interrupted = Date.now();
    cli.child.kill('SIGINT');
    const result = await cli.result;

    expect(result.code).toBe(130);
    expect(Date.now() - interrupted).toBeLessThan(3000);
    expect(result.stderr).toContain('llm-do: interrupted');
  });
});

describe.concurrent('a tool named like an Object.prototype member', () => {
  test('calling an unoffered `constructor` is an error result, not a false max_steps', async () => {
    const { server, env } = await scripted(callOnce('constructor'));
    const result = await runCli([project(), 'go', '--entry', 'bare', '--model', CHAT.model], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(server.requests[1]!.toolResults[0]!.content).toContain("unavailable tool 'constructor'");
  });
});

describe.concurrent('stream_timeout (LLM_DO_STREAM_TIMEOUT)', () => {
  test('a stream that stalls before its first event is retried', async () => {
    const { server, env } = await scripted((_request, index) => (index === 0 ? { text: 'lost', stallAfterEvents: 0 } : { text: 'second try' }), {
      LLM_DO_STREAM_TIMEOUT: '1',
    });
    const result = await runCli([project(), 'go', '--entry', 'open_one', '--model', CHAT.model], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('second try\n');
    expect(server.requests).toHaveLength(2);
  });

  for (const protocol of PROTOCOLS) {
    test(`${protocol.name}: a stream that goes silent mid-answer fails the step with a clear error`, async () => {
      const { env } = await scripted(() => ({ text: 'a long answer that never ends', stallAfterEvents: 2 }), { LLM_DO_STREAM_TIMEOUT: '1' });
      const result = await runCli([project(), 'go', '--entry', 'open_one', '--model', protocol.model], { env });

      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`llm-do: model ${protocol.model} failed for worker open_one: the model stream sent nothing for 1 s (stream_timeout)`);
    });
  }

  test('a bad LLM_DO_STREAM_TIMEOUT is a configuration error (exit 2)', async () => {
    const { server, env } = await scripted(() => ({ text: 'unused' }), { LLM_DO_STREAM_TIMEOUT: 'soon' });
    const result = await runCli([project(), 'go', '--entry', 'open_one', '--model', CHAT.model], { env });

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('LLM_DO_STREAM_TIMEOUT must be a number of seconds greater than 0');
    expect(server.requests).toHaveLength(0);
  });
});
