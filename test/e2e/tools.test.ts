/**
 * Tool execution through the built CLI (docs/tools.md, docs/cli.md): failures and denials go back to the model
 * as error results, parallel calls of one step run concurrently, `max_steps` fails the run, and
 * `--trace` records the approval events too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from './helpers/run-cli.ts';
import { ANTHROPIC, byWorker, CHAT, closeServers, FIXTURE, PROTOCOLS, requestsOf, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

/** How long each of two parallel sub-worker requests takes to answer. */
const SLOW_REPLY_MS = 1000;

const NO_TERMINAL = 'approval needed for write_file but no terminal; use --approve-all or pre-approve the tool';

describe.concurrent('tools', () => {
  for (const protocol of PROTOCOLS) {
    test(`${protocol.name}: a failing tool and a denied tool both answer the model, and the run goes on`, async () => {
      const { server, env } = await scripted((request) =>
        request.toolResults.length === 0
          ? {
              toolCalls: [
                { name: 'explode', args: { reason: 'testing' } },
                { name: 'write_file', args: { path: '/output/never.txt', content: 'x' } },
              ],
            }
          : { text: `tinker saw: ${request.toolResults.map((result) => `${result.name}=${result.content}`).join(' | ')}` },
      );
      const trace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-trace-')), 'tinker.jsonl');
      const result = await runCli([FIXTURE, 'go', '--entry', 'tinker', '--model', protocol.model, '--trace', trace], { env });

      expect(result.code, result.stderr).toBe(0);
      const results = server.requests[1]!.toolResults;
      expect(results.find((r) => r.name === 'explode')!.content).toContain('the fuse blew: testing');
      expect(results.find((r) => r.name === 'write_file')!.content).toContain(NO_TERMINAL);
      expect(fs.existsSync(path.join(FIXTURE, 'output/never.txt'))).toBe(false);
      expect(result.stdout.startsWith('tinker saw: ')).toBe(true);
      expect(result.stderr).toContain('⊘ denied write_file');
      expect(result.stderr).toContain('✗ explode');

      const events = fs
        .readFileSync(trace, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      for (const event of events) {
        expect(Object.keys(event)).toEqual(expect.arrayContaining(['type', 'ts', 'chain']));
        expect(event.chain).toEqual(['tinker']);
      }
      const types = new Set(events.map((event) => event.type));
      // No person was asked (no terminal), so there is a decision but no approval_request.
      for (const type of ['run_start', 'model_request', 'model_step', 'tool_call', 'tool_result', 'approval_decision', 'usage', 'run_end']) {
        expect(types).toContain(type);
      }
      const decisions = events.filter((event) => event.type === 'approval_decision');
      expect(decisions.find((event) => event.tool === 'write_file')).toMatchObject({ approved: false, reason: NO_TERMINAL });
      expect(decisions.find((event) => event.tool === 'explode')).toMatchObject({ approved: true });
    });
  }

  test('--auto-deny answers with the policy denial', async () => {
    const { server, env } = await scripted((request) =>
      request.toolResults.length === 0 ? { toolCalls: [{ name: 'write_file', args: { path: '/output/never.txt', content: 'x' } }] } : { text: 'ok' },
    );
    const result = await runCli([FIXTURE, 'go', '--entry', 'tinker', '--model', CHAT.model, '--auto-deny'], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(server.requests[1]!.toolResults[0]!.content).toContain('denied by policy (auto_deny)');
  });

  test('reaching max_steps without an answer is exit 1 naming the worker', async () => {
    const { server, env } = await scripted(() => ({ toolCalls: [{ name: 'explode', args: { reason: 'again' } }] }));
    const result = await runCli([FIXTURE, 'go', '--entry', 'tinker', '--model', ANTHROPIC.model, '--no-stream'], { env });

    expect(result.code).toBe(1);
    expect(server.requests).toHaveLength(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('llm-do: worker tinker reached max_steps (3) without a final answer');
  });

  test('--json reports a failed run as one JSON object', async () => {
    const { env } = await scripted(() => ({ toolCalls: [{ name: 'explode', args: { reason: 'again' } }] }));
    const result = await runCli([FIXTURE, 'go', '--entry', 'tinker', '--model', CHAT.model, '--json'], { env });

    expect(result.code).toBe(1);
    const printed = JSON.parse(result.stdout);
    expect(printed).toMatchObject({ worker: 'tinker', status: 'error', output: null });
    expect(printed.error).toContain('reached max_steps (3)');
  });

  for (const protocol of PROTOCOLS) {
    test(`${protocol.name}: two delegations in one step run concurrently`, async () => {
      const arrivals: Record<string, number> = {};
      const { server, env } = await scripted(
        byWorker({
          fanout: (request) => {
            if (request.toolResults.length === 0) {
              arrivals.fanout = Date.now();
              return {
                toolCalls: [
                  { name: 'slow', args: { input: 'job one' } },
                  { name: 'slow', args: { input: 'job two' } },
                ],
              };
            }
            arrivals.done = Date.now();
            return { text: request.toolResults.map((result) => result.content).join(' + ') };
          },
          slow: (request) => {
            arrivals[request.lastUserText] = Date.now();
            return { text: `did ${request.lastUserText}`, delayMs: SLOW_REPLY_MS };
          },
        }),
      );
      const result = await runCli([FIXTURE, 'go', '--entry', 'fanout', '--model', protocol.model], { env });

      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe('did job one + did job two\n');
      expect(requestsOf(server, 'slow')).toHaveLength(2);
      // Both slow requests were in flight together: the second arrived before the first was answered,
      // and both answers were back before two sequential replies could have been. The reply is slow
      // enough that a loaded machine's scheduling noise cannot pass for (or hide) concurrency.
      expect(Math.abs(arrivals['job two']! - arrivals['job one']!)).toBeLessThan(SLOW_REPLY_MS);
      const first = Math.min(arrivals['job one']!, arrivals['job two']!);
      expect(arrivals.done! - first).toBeLessThan(2 * SLOW_REPLY_MS);
      expect(arrivals.done! - first).toBeGreaterThanOrEqual(SLOW_REPLY_MS);
    });
  }
});
