/**
 * examples/calculator: custom tools in all three export forms (defineTool, function + Schema,
 * register()), pre-approved through `toolsets.custom.approval.default: preApproved`.
 *
 * Guards: deleting main.worker fails every test (check: not a project); deleting tools.ts fails
 * `check` (the listed tools do not exist) and the scripted run; dropping one export form from
 * tools.ts fails the offered-tools assertion; removing `preApproved` makes the calls end in
 * "approval needed ... no terminal" instead of results.
 */
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, runCli } from '../helpers/run-cli.ts';
import { expectCheckPasses } from '../helpers/check-example.ts';
import { CHAT, closeServers, scripted } from '../helpers/scripted.ts';

afterAll(closeServers);

const EXAMPLE = path.join(REPO_ROOT, 'examples/calculator');
const TOOLS = ['evaluate', 'percent_change', 'convert_units', 'statistics'];

describe.concurrent('examples/calculator', () => {
  test('llm-do check passes', () => expectCheckPasses(EXAMPLE, 1));

  test('runs offline with --model test and offers the four tools', async () => {
    const result = await runCli([EXAMPLE, 'what is 2 + 2?', '--model', 'test']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`test model: worker main received "what is 2 + 2?" (tools: ${TOOLS.join(', ')})\n`);
  });

  test('scripted: every export form runs without asking, and a tool error reaches the model', async () => {
    const { server, env } = await scripted((request) =>
      request.toolResults.length === 0
        ? {
            toolCalls: [
              { name: 'evaluate', args: { expression: '(2 + 3) * 4 ^ 2 - sqrt(16)' } },
              { name: 'percent_change', args: { from: 80, to: 100 } },
              { name: 'convert_units', args: { value: 100, from: 'F', to: 'C' } },
              { name: 'statistics', args: { numbers: [3, 1, 4, 1, 5] } },
              { name: 'evaluate', args: { expression: '1 / 0' } },
            ],
          }
        : { text: `results: ${request.toolResults.map((result) => result.content).join(' | ')}` },
    );
    const result = await runCli([EXAMPLE, 'crunch some numbers', '--model', CHAT.model], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(server.requests[0]!.tools).toEqual(TOOLS);
    expect(server.requests[0]!.system).toContain('You are the calculator of the calculator project.');
    const [evaluate, percent, convert, stats, divide] = server.requests[1]!.toolResults.map((r) => r.content);
    expect(JSON.parse(evaluate!)).toEqual({ expression: '(2 + 3) * 4 ^ 2 - sqrt(16)', value: 76 });
    expect(JSON.parse(percent!)).toEqual({ from: 80, to: 100, percent: 25 });
    expect(JSON.parse(convert!)).toEqual({ value: 100, from: 'F', to: 'C', result: 37.777778 });
    expect(JSON.parse(stats!)).toEqual({ count: 5, mean: 2.8, median: 3, min: 1, max: 5, stdev: 1.6 });
    expect(divide).toContain('evaluate failed: 1 / 0 has no finite value (division by zero?)');
    expect(result.stderr).not.toContain('approval needed');
    expect(result.stdout.startsWith('results: {')).toBe(true);
  });

  test('scripted: --json prints one object with the answer and the usage', async () => {
    const { env } = await scripted((request) =>
      request.toolResults.length === 0
        ? { toolCalls: [{ name: 'evaluate', args: { expression: '6 * 7' } }] }
        : { text: `6 * 7 = ${JSON.parse(request.toolResults[0]!.content).value}` },
    );
    const result = await runCli([EXAMPLE, 'what is 6 times 7?', '--model', CHAT.model, '--json'], { env });

    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout);
    expect(printed).toMatchObject({ worker: 'main', output: '6 * 7 = 42', status: 'ok' });
    expect(printed.usage.input_tokens).toBeGreaterThan(0);
  });

  test('scripted: invalid arguments are refused by the schema before the tool runs', async () => {
    const { server, env } = await scripted((request) =>
      request.toolResults.length === 0
        ? {
            toolCalls: [
              { name: 'convert_units', args: { value: 1, from: 'parsec', to: 'km' } },
              { name: 'percent_change', args: { from: 0, to: 5 } },
            ],
          }
        : { text: 'done' },
    );
    const result = await runCli([EXAMPLE, 'convert', '--model', CHAT.model], { env });

    expect(result.code, result.stderr).toBe(0);
    const [convert, percent] = server.requests[1]!.toolResults.map((r) => r.content);
    expect(convert).toContain('invalid arguments for convert_units: from: Invalid option: expected one of "mm"');
    expect(percent).toContain('the original value is 0, so a percentage change is undefined');
  });
});
