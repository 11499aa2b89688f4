/**
 * examples/greeter: the smallest project, one main.worker and nothing else.
 *
 * Guards: deleting main.worker fails every test (not a project); changing its instructions
 * fails the rendered-instructions assertion.
 */
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, runCli } from '../helpers/run-cli.ts';
import { expectCheckPasses } from '../helpers/check-example.ts';
import { CHAT, closeServers, scripted } from '../helpers/scripted.ts';

afterAll(closeServers);

const EXAMPLE = path.join(REPO_ROOT, 'examples/greeter');

describe.concurrent('examples/greeter', () => {
  test('llm-do check passes', () => expectCheckPasses(EXAMPLE, 1));

  test("runs offline with --model test, also from the README's relative path", async () => {
    const result = await runCli(['examples/greeter', 'Ada', '--model', 'test'], { cwd: REPO_ROOT });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('test model: worker main received "Ada" (no tools)\n');
  });

  test('scripted: the rendered instructions and the input reach the model, its answer is stdout', async () => {
    const { server, env } = await scripted((request) => ({ text: `Hello, ${request.lastUserText}! Lovely to meet you.` }));
    const result = await runCli([EXAMPLE, 'Ada', '--model', CHAT.model], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('Hello, Ada! Lovely to meet you.\n');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.system).toContain('You are the greeter of the greeter project.');
    expect(server.requests[0]!.tools).toEqual([]);
  });
});
