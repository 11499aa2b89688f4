/**
 * `llm-do eval` through the built CLI (docs/evals.md): the example project compared offline (two scripted
 * models, a judge worker, a dataset), `--json` and `--html`, each case a run of the run log tagged with the
 * eval, kill -9 and `--resume` (finished samples not run again), `--compare`, `--max-cost`, unknown prices
 * shown as unknown, a case that errors counted as a failure, --record/--replay cassettes, and each bad input exit 2 before any request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { tempDir, writeTree } from '../project/fixture.ts';
import { REPO_ROOT, runCli, startCli } from './helpers/run-cli.ts';
import { closeServers, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

const EXAMPLE = path.join(REPO_ROOT, 'examples/model_eval');
const EXAMPLE_MODELS = 'careful=scripted:careful.yaml,hasty=scripted:hasty.yaml';
const NETWORK_MODEL = 'openai-compatible:scripted';

/** A project whose cases are three dataset lines answered by the scripted server. */
function project(extra: Record<string, string> = {}): string {
  return writeTree(
    {
      'project.yaml': 'name: evaly\n',
      'main.worker': '---\nname: main\n---\nRepeat the input.\n',
      'echo.test.yaml': 'cases:\n  - name: echo\n    eval:\n      dataset: lines.jsonl\n',
      'lines.jsonl': ['a', 'b', 'c'].map((text) => JSON.stringify({ input: text, expect: { output: { contains: text } } })).join('\n'),
      ...extra,
    },
    tempDir('llm-do-e2e-eval-'),
  );
}

function evalIdOf(stderr: string): string {
  const id = /eval (eval-[\w-]+):/.exec(stderr)?.[1];
  if (!id) throw new Error(`no eval id in: ${stderr}`);
  return id;
}

function recordOf(home: string, id: string): Record<string, any>[] {
  return fs
    .readFileSync(path.join(home, '.llm-do', 'evals', `${id}.jsonl`), 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe('llm-do eval', { timeout: 90_000 }, () => {
  test('the example compares two models offline: table, --json shape, --html, runs tagged with the eval', async () => {
    const home = tempDir('llm-do-e2e-eval-home-');
    const html = path.join(tempDir('llm-do-e2e-eval-html-'), 'report.html');
    const result = await runCli(['eval', '.', '--models', EXAMPLE_MODELS, '--repeat', '2', '--json', '--html', html], { cwd: EXAMPLE, home });
    expect(result.code, result.stderr).toBe(1); // hasty fails Australia
    expect(result.stderr).toMatch(/3 cases × 2 models × 2 = 12 samples to run; estimated cost \$0\.0000/);
    const report = JSON.parse(result.stdout);
    expect(report.status).toBe('done');
    expect(report.models.map((model: any) => [model.label, model.cases, model.passed, model.pass_rate, model.mean_score])).toEqual([
      ['careful', 6, 6, 1, 1],
      ['hasty', 6, 4, 0.667, 0.767],
    ]);
    for (const model of report.models) {
      expect(Object.keys(model).sort()).toEqual(
        ['cases', 'cost_usd', 'label', 'latency_ms', 'mean_score', 'model', 'pass_rate', 'pass_spread', 'passed', 'tokens'].sort(),
      );
      expect(model.cost_usd).toBe(0);
      expect(model.tokens).toBeGreaterThan(0);
      expect(model.latency_ms.p50).toBeLessThanOrEqual(model.latency_ms.p95);
    }
    const australia = report.cases.find((row: any) => row.label === 'hasty' && row.case.includes('Australia'));
    expect(australia.failures.join('\n')).toContain('expected: Canberra');
    expect(australia.failures.join('\n')).toContain('judge grader: score 0.3, under the pass mark of 0.5 (Too long for the rubric.)');

    const page = fs.readFileSync(html, 'utf8');
    expect(page).toContain('<table>');
    expect(page).toContain('hasty');
    expect(page).not.toMatch(/<script|<link|https?:\/\//);

    const runs = await runCli(['runs', '--json', '--limit', '100'], { home });
    const rows = JSON.parse(runs.stdout);
    const list = Array.isArray(rows) ? rows : rows.runs;
    const tagged = list.filter((row: any) => row.eval_id === report.id);
    // 12 samples and their 12 judge runs.
    expect(tagged).toHaveLength(24);
    expect(tagged.every((row: any) => row.kind === 'eval')).toBe(true);
  });

  test('kill -9 mid-eval, then --resume: every sample has one result, finished samples are not asked again', async () => {
    const root = project();
    const home = tempDir('llm-do-e2e-eval-home-');
    const { server, env } = await scripted((request) => ({ text: `echo: ${request.lastUserText.trim()}`, delayMs: 300 }));
    const child = startCli(['eval', '.', '--models', NETWORK_MODEL, '--repeat', '2', '--concurrency', '1', '--no-log'], { env, cwd: root, home });
    await child.waitForStderr('samples to run');
    const [file] = fs.readdirSync(path.join(home, '.llm-do', 'evals'));
    const id = file!.replace(/\.jsonl$/, '');
    while (recordOf(home, id).length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    child.child.kill('SIGKILL');
    await child.result;
    const before = recordOf(home, id).length;
    const asked = server.requests.length;

    const resumed = await runCli(['eval', '--resume', id, '--json', '--no-log'], { env, cwd: root, home, timeoutMs: 60_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`(${before} done before)`);
    const keys = recordOf(home, id).map((line) => line.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(6);
    // The resumed eval asked only for what had no result (the one in flight at the kill started over).
    expect(server.requests.length - asked).toBe(6 - before);
    expect(JSON.parse(resumed.stdout).models[0]).toMatchObject({ label: NETWORK_MODEL, cases: 6, passed: 6, cost_usd: null });
  });

  test('Ctrl-C stops the eval with exit 130, keeps what finished, and says how to resume', async () => {
    const root = project();
    const home = tempDir('llm-do-e2e-eval-home-');
    const { env } = await scripted((request) => ({ text: `echo: ${request.lastUserText.trim()}`, delayMs: 300 }));
    const child = startCli(['eval', '.', '--models', NETWORK_MODEL, '--concurrency', '1', '--no-log'], { env, cwd: root, home });
    await child.waitForStderr('samples to run');
    const [file] = fs.readdirSync(path.join(home, '.llm-do', 'evals'));
    const id = file!.replace(/\.jsonl$/, '');
    while (recordOf(home, id).length < 1) await new Promise((resolve) => setTimeout(resolve, 50));
    child.child.kill('SIGINT');
    const result = await child.result;
    expect(result.code).toBe(130);
    expect(result.stderr).toContain(`llm-do eval --resume ${id} goes on`);
    expect(recordOf(home, id).length).toBeLessThan(3);
  });

  test('--compare marks regressions and improvements; an unpriced model shows cost unknown; a case that errors is a failure', async () => {
    const root = project();
    const home = tempDir('llm-do-e2e-eval-home-');
    let answerB = true;
    const { env } = await scripted((request) => {
      const text = request.lastUserText.trim();
      if (text === 'c') return { status: 400 };
      return { text: text === 'b' && !answerB ? 'no' : `echo: ${text}` };
    });
    const first = await runCli(['eval', '.', '--models', `m=${NETWORK_MODEL}`, '--no-log'], { env, cwd: root, home });
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(/m\s+2\/3 67%\s+-\s+unknown/);
    expect(first.stdout).toContain('echo [line 3]: 1/1 failed');
    expect(first.stdout).toContain('status: expected ok, got error');
    answerB = false;
    const second = await runCli(['eval', '.', '--models', `m=${NETWORK_MODEL}`, '--no-log', '--compare', evalIdOf(first.stderr)], { env, cwd: root, home });
    expect(second.stdout).toContain('REGRESSION  m · echo.test.yaml: echo [line 2]: 100% → 0%');
  });

  test('--record DIR, then --replay DIR: the same results offline, with no request to the provider', async () => {
    const root = project();
    const home = tempDir('llm-do-e2e-eval-home-');
    const cassettes = path.join(tempDir('llm-do-e2e-eval-cassettes-'), 'cassettes');
    const { server, env } = await scripted((request) => ({ text: `echo: ${request.lastUserText.trim()}` }));
    const recorded = await runCli(['eval', '.', '--models', NETWORK_MODEL, '--record', cassettes, '--json', '--no-log'], { env, cwd: root, home });
    expect(recorded.code, recorded.stderr).toBe(0);
    const asked = server.requests.length;
    expect(fs.readdirSync(cassettes)).toHaveLength(3);

    const offline = { ...env, OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:9/v1' };
    const replayed = await runCli(['eval', '.', '--models', NETWORK_MODEL, '--replay', cassettes, '--json', '--no-log'], { env: offline, cwd: root, home });
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(server.requests.length).toBe(asked);
    expect(JSON.parse(replayed.stdout).models[0]).toMatchObject({ cases: 3, passed: 3 });
  });

  test('--on-approval: calls no approval rule of the case matches are denied by default, or approved with --on-approval approve', async () => {
    const root = project({
      'main.worker': '---\nname: main\ntoolsets:\n  filesystem: {}\nsandbox:\n  paths:\n    out: { root: ./out, mode: rw }\n---\nWrite it.\n',
      'out/.keep': '',
      'echo.test.yaml': 'cases:\n  - name: writes\n    input: go\n    expect: { denied: [write_file] }\n',
      'script.yaml':
        '- match: { turn: 1 }\n  respond: { tool_calls: [{ name: write_file, args: { path: /out/a.txt, content: hi } }] }\n- respond: { text: done }\n',
    });
    const home = tempDir('llm-do-e2e-eval-home-');
    expect((await runCli(['eval', '.', '--models', 's=scripted:script.yaml', '--no-log'], { cwd: root, home })).code).toBe(0);
    const wrongly = await runCli(['eval', '.', '--models', 's=scripted:script.yaml', '--on-approval', 'approve', '--no-log'], { cwd: root, home });
    expect(wrongly.code).toBe(1);
    expect(wrongly.stdout).toContain('denied calls differ');
  });

  test('--max-cost: the estimate is shown first, and no sample starts that could exceed it', async () => {
    const priced = 'prices:\n  "openai-compatible:scripted": { input: 1000, output: 0 }\n';
    const root = project({ 'project.yaml': `name: evaly\n${priced}` });
    const home = tempDir('llm-do-e2e-eval-home-');
    const { server, env } = await scripted(() => ({ text: 'echo' }));
    const result = await runCli(['eval', '.', '--models', NETWORK_MODEL, '--max-cost', '0.5', '--no-log'], { env, cwd: root, home });
    expect(result.stderr).toMatch(/estimated cost \$3\.\d+ \(at most \$0\.5\)/);
    expect(result.stderr).toContain('stopped before --max-cost $0.5 was exceeded: 3 sample(s) not run');
    expect(result.code).toBe(1);
    expect(server.requests).toHaveLength(0);
  });

  test.each([
    ['an unknown provider', ['--models', 'nope:model'], /unknown model provider "nope"/],
    ['an unknown alias', ['--models', 'fastest'], /fastest/],
    ['a malformed dataset line', [], /lines\.jsonl:2: not valid JSON/, { 'lines.jsonl': '{"input": "a"}\n{oops\n' }],
    [
      'a malformed case',
      [],
      /echo\.test\.yaml: case 1 \(echo\), eval: unknown field "scorer"/,
      { 'echo.test.yaml': 'cases:\n  - name: echo\n    eval: { scorer: [] }\n' },
    ],
    [
      'a judge without schema_out',
      [],
      /judge grader .* has no schema_out/,
      {
        'workers/grader.worker': '---\nname: grader\n---\nGrade.\n',
        'echo.test.yaml': 'cases:\n  - name: echo\n    eval:\n      scorers: [{ judge: grader, rubric: "right?" }]\n',
      },
    ],
    ['an unknown --compare id', ['--compare', 'eval-nope'], /--compare eval-nope: no such eval/],
  ] as [string, readonly string[], RegExp, Record<string, string>?][])('%s: exit 2 before any model is called', async (_name, args, message, files) => {
    const root = project(files ?? {});
    const { server, env } = await scripted(() => ({ text: 'echo' }));
    const result = await runCli(['eval', '.', '--models', NETWORK_MODEL, ...args], { env, cwd: root, home: tempDir('llm-do-e2e-eval-home-') });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(server.requests).toHaveLength(0);
  });

  test('llm-do check reports a malformed dataset line with its file and line; the example passes', async () => {
    const root = project({
      'lines.jsonl': '{"input": "a"}\n{"input": 3}\n',
    });
    const result = await runCli(['check', root]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('lines.jsonl:2: input: Invalid input; each line of a dataset is');
    expect((await runCli(['check', EXAMPLE])).code).toBe(0);
  });
});
