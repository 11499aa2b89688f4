/**
 * examples/interactive: an entry worker delegating to an interactive worker (`interactive: true`)
 * that asks the user with `ask_user`; the README's pause → answer → resume walk-through.
 *
 * Guards: dropping `interactive: true` from workers/planner.worker fails the offered-tools assertion
 * and the walk-through (no question, no pause); changing the planner's instructions about asking
 * fails the rendered-instructions assertion.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedRequest } from '../../../src/testkit/index.ts';
import { REPO_ROOT, runCli } from '../helpers/run-cli.ts';
import { expectCheckPasses } from '../helpers/check-example.ts';
import { CHAT, closeServers, scripted } from '../helpers/scripted.ts';

afterAll(closeServers);

const EXAMPLE = path.join(REPO_ROOT, 'examples/interactive');
const isPlanner = (request: ScriptedRequest) => request.system.includes('You draft weekend trip plans.');

describe.concurrent('examples/interactive', () => {
  test('llm-do check passes', () => expectCheckPasses(EXAMPLE, 2));

  test('runs offline with --model test', async () => {
    const result = await runCli([EXAMPLE, 'Plan a weekend trip', '--model', 'test', '--no-log']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('test model: worker main received "Plan a weekend trip" (tools: planner)\n');
  });

  test('scripted: the planner asks, the run pauses, llm-do answer and llm-do resume hand it the answer', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-interactive-example-'));
    const { server, env } = await scripted((request) => {
      const results = request.toolResults.map((result) => result.content);
      if (isPlanner(request))
        return results.length === 0
          ? { toolCalls: [{ name: 'ask_user', args: { question: 'Where would you like to go?' } }] }
          : { text: `Two days in ${results[0]}.` };
      return results.length === 0 ? { toolCalls: [{ name: 'planner', args: { input: request.lastUserText } }] } : { text: `Your weekend\n${results[0]}` };
    });
    const cli = (args: string[]) => runCli(args, { env: { ...env, LLM_DO_HOME: home } });

    const paused = await cli([EXAMPLE, 'Plan a weekend trip', '--model', CHAT.model, '--on-approval', 'pause']);
    expect(paused.code, paused.stderr).toBe(3);
    expect(paused.stderr).toContain('paused: 1 question(s) wait for an answer');
    const id = /^ {2}(\w{8,}) {2}main › planner asks:$/m.exec(paused.stderr)?.[1];
    expect(id, paused.stderr).toBeDefined();
    const planner = server.requests.find(isPlanner)!;
    expect(planner.tools).toEqual(['ask_user']);
    expect(planner.system).toContain('ask them with the ask_user tool: one short question at a time');

    expect((await cli(['answer', 'last', id!, 'Lisbon'])).code).toBe(0);
    const resumed = await cli(['resume', 'last']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toBe('Your weekend\nTwo days in Lisbon.\n');
  });
});
