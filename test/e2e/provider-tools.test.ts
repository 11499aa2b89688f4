/**
 * `provider_tools: [web_search]` through the built CLI (docs/models.md): the tool goes out in the
 * provider's own field, the provider's search comes back through the real AI SDK package, is never
 * run or gated locally, is reported in events and the run log, and goes back to the provider in the
 * next step's history; a provider without the tool is a check error, and `run` sends nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedRequest } from '../../src/testkit/index.ts';
import { tempDir, worker as workerFile, writeTree } from '../project/fixture.ts';
import { runCli } from './helpers/run-cli.ts';
import { byWorker, closeServers, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

/** A worker whose prompt names it and carries the input. */
const worker = (name: string, fields: string) => workerFile(name, fields, `You are worker ${name}. {{ input }}`);
const project = (files: Record<string, string>) => writeTree(files, tempDir('llm-do-e2e-ptools-'));

function traceEvents(file: string): Record<string, any>[] {
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

const SEARCH = { query: 'llm-do workers', results: [{ url: 'https://example.com/llm-do', title: 'llm-do: workers as files' }] };

/** What each provider's wire shows of the tool and of the search sent back in the next step. */
const PROVIDERS = [
  {
    model: 'anthropic:claude-sonnet-4-5',
    offered: (request: ScriptedRequest) => request.body.tools.find((tool: any) => tool.name === 'web_search'),
    expectedTool: { type: 'web_search_20250305', name: 'web_search' },
    history: (request: ScriptedRequest) => request.body.messages.flatMap((message: any) => (Array.isArray(message.content) ? message.content : [])),
    expectedHistory: [
      expect.objectContaining({ type: 'server_tool_use', name: 'web_search', input: { query: SEARCH.query } }),
      expect.objectContaining({
        type: 'web_search_tool_result',
        content: [expect.objectContaining({ url: SEARCH.results[0]!.url, title: SEARCH.results[0]!.title })],
      }),
    ],
  },
  {
    model: 'openai:gpt-5',
    offered: (request: ScriptedRequest) => request.body.tools.find((tool: any) => tool.type === 'web_search'),
    expectedTool: { type: 'web_search' },
    history: (request: ScriptedRequest) => request.body.input,
    // The Responses API stores what it sent: the client refers to the search by its id.
    expectedHistory: [expect.objectContaining({ type: 'item_reference', id: expect.stringMatching(/^ws_/) })],
  },
] as const;

describe.concurrent('provider_tools: web_search', { timeout: 90_000 }, () => {
  for (const provider of PROVIDERS) {
    for (const stream of [true, false]) {
      test(`${provider.model} (${stream ? 'streaming' : 'not streaming'}): offered in the provider's field, run by the provider only, in events, the run log and the next step's history`, async () => {
        const { server, env } = await scripted(
          byWorker({
            main: (request) =>
              request.toolResults.length === 0
                ? { webSearch: SEARCH, toolCalls: [{ name: 'helper', args: { input: 'x' } }] }
                : { text: 'llm-do keeps workers as files.' },
            helper: () => ({ text: 'helped' }),
          }),
        );
        const home = tempDir('llm-do-e2e-ptoolshome-');
        const trace = path.join(home, 'trace.jsonl');
        const root = project({
          'main.worker': worker('main', `model: ${provider.model}\nprovider_tools: [web_search]\ntoolsets:\n  workers:\n    allowed_workers: [helper]`),
          'workers/helper.worker': worker('helper', `model: ${provider.model}`),
        });
        const result = await runCli([root, 'search', '--trace', trace, ...(stream ? [] : ['--no-stream'])], { env: { ...env, LLM_DO_HOME: home } });

        expect(result.code, result.stderr).toBe(0);
        expect(result.stdout).toBe('llm-do keeps workers as files.\n');
        const main = server.requests.filter((request) => /worker main/.test(request.system));
        expect(main).toHaveLength(2);
        expect(provider.offered(main[0]!)).toMatchObject(provider.expectedTool);
        expect(provider.history(main[1]!)).toEqual(expect.arrayContaining([...provider.expectedHistory]));
        // The helper is the only tool call that ran here.
        const helper = server.requests.filter((request) => /worker helper/.test(request.system));
        expect(helper).toHaveLength(1);
        expect(helper[0]!.body.tools ?? []).toEqual([]);

        const events = traceEvents(trace);
        const search = events.filter((event) => event.tool === 'web_search');
        expect(search.map((event) => event.type)).toEqual(['tool_call', 'tool_result']);
        expect(search[0]).toMatchObject({ worker: 'main', provider_executed: true });
        expect(search[1]).toMatchObject({ ok: true, provider_executed: true });
        expect(JSON.stringify(search[1]!.result)).toContain(SEARCH.results[0]!.url);
        expect(events.filter((event) => event.type.startsWith('approval_')).map((event) => event.tool)).not.toContain('web_search');
        expect(events.find((event) => event.type === 'model_step' && event.worker === 'main')).toMatchObject({ tool_calls: 1 });
        const searchUsage = events.filter((event) => event.type === 'usage' && event.worker === 'main').map((event) => event.web_search_requests);
        // Anthropic counts its searches; OpenAI's are its web_search calls. Each is priced.
        expect(searchUsage).toEqual([1, undefined]);

        const shown = await runCli(['runs', 'show', 'last', '--json'], { env: { LLM_DO_HOME: home } });
        expect(shown.code, shown.stderr).toBe(0);
        expect(shown.stdout).toContain('web_search');
      });
    }
  }

  for (const model of ['anthropic:claude-sonnet-4-5', 'openai:gpt-5']) {
    test(`${model}: the search shows its query in order, provider-run; the cited pages are footnotes, in --json and in runs show; searches are priced`, async () => {
      const { env } = await scripted(() => ({
        webSearch: { ...SEARCH, cited: true },
        text: 'llm-do keeps workers as files.',
        usage: { input: 1000, output: 10 },
      }));
      const home = tempDir('llm-do-e2e-ptoolshome-');
      const root = project({ 'main.worker': worker('main', `model: ${model}\nprovider_tools: [web_search]`) });
      const runEnv = { ...env, LLM_DO_HOME: home };

      const shown = await runCli([root, 'search'], { env: runEnv });
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stdout).toBe('llm-do keeps workers as files.\n');
      const lines = shown.stderr.split('\n');
      const search = lines.findIndex((line) => line.includes('✓ web_search'));
      expect(lines[search]).toMatch(/✓ web_search .*"query":"llm-do workers".* · provider-run/);
      expect(lines.slice(search + 1, search + 3)).toEqual(['Sources:', '  [1] llm-do: workers as files <https://example.com/llm-do>']);

      const json = JSON.parse((await runCli([root, 'search', '--json', '-q'], { env: runEnv })).stdout);
      expect(json.sources).toEqual([{ type: 'url', url: 'https://example.com/llm-do', title: 'llm-do: workers as files' }]);
      // 1000 input and 10 output tokens, and one search at $0.01.
      const tokens = model.startsWith('anthropic') ? (1000 * 3 + 10 * 15) / 1e6 : (1000 * 1.25 + 10 * 10) / 1e6;
      expect(json.usage.cost_usd).toBeCloseTo(tokens + 0.01, 9);

      const log = await runCli(['runs', 'show', 'last'], { env: { LLM_DO_HOME: home } });
      expect(log.stdout).toMatch(/web_search .*llm-do workers.* · provider-run/);
      expect(log.stdout).toContain('[1] llm-do: workers as files <https://example.com/llm-do>');
      expect(log.stdout).toContain('1 search');
      const logged = JSON.parse((await runCli(['runs', 'show', 'last', '--json'], { env: { LLM_DO_HOME: home } })).stdout).run.root;
      expect(logged.tool_calls[0]).toMatchObject({ tool: 'web_search', provider_executed: true, approval: null });
      expect(logged.requests[0]).toMatchObject({ web_search_requests: 1, sources: json.sources });
    });
  }

  test('a run paused at an approval after a search resumes, and sends the search back to the provider', async () => {
    const { server, env } = await scripted((request) =>
      request.toolResults.length === 0
        ? { webSearch: SEARCH, toolCalls: [{ name: 'write_file', args: { path: '/out/found.txt', content: 'found' } }] }
        : { text: 'saved' },
    );
    const home = tempDir('llm-do-e2e-ptoolshome-');
    const root = project({
      'main.worker': worker(
        'main',
        'model: anthropic:claude-sonnet-4-5\nprovider_tools: [web_search]\ntoolsets:\n  filesystem: {}\nsandbox:\n  paths:\n    out: { root: ./out, mode: rw }',
      ),
      'out/.keep': '',
    });
    const runEnv = { ...env, LLM_DO_HOME: home };
    const paused = await runCli([root, 'go', '--on-approval', 'pause', '--json'], { env: runEnv });
    expect(paused.code, paused.stderr).toBe(3);
    const runId = JSON.parse(paused.stdout).run_id as string;

    const resumed = await runCli(['resume', runId, '--approve-all', '--json'], { env: runEnv, cwd: root });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ status: 'ok', output: 'saved' });
    expect(fs.readFileSync(path.join(root, 'out/found.txt'), 'utf8')).toBe('found');
    expect(server.requests).toHaveLength(2);
    expect(PROVIDERS[0].history(server.requests[1]!)).toEqual(expect.arrayContaining([...PROVIDERS[0].expectedHistory]));
  });

  test('a provider without it is a check error naming the worker, field, model and the providers that have it; run sends nothing', async () => {
    const { server, env } = await scripted(() => ({ text: 'never' }));
    const root = project({ 'main.worker': worker('main', 'model: openai-compatible:scripted-chat\nprovider_tools: [web_search]') });
    const checked = await runCli(['check', root], { env });
    expect(checked.code).not.toBe(0);
    expect(checked.stdout + checked.stderr).toContain(
      'provider_tools: web_search is not available on openai-compatible:scripted-chat (model of worker main): providers that have it are anthropic, openai, google',
    );
    const ran = await runCli([root, 'hi'], { env });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('provider_tools: web_search is not available on openai-compatible:scripted-chat');
    expect(server.requests).toHaveLength(0);
  });

  test('a fallback model without it, the offline test model, and an alias to one are check errors', async () => {
    const root = project({
      'project.yaml': 'models:\n  local: openai-compatible:qwen3\n',
      'main.worker': worker('main', 'model: anthropic:claude-sonnet-4-5\nfallback_models: [local]\nprovider_tools: [web_search]'),
      'workers/offline.worker': worker('offline', 'model: test\nprovider_tools: [web_search]'),
    });
    const checked = await runCli(['check', root], { env: {} });
    const output = checked.stdout + checked.stderr;
    expect(checked.code).not.toBe(0);
    expect(output).toContain('provider_tools: web_search is not available on openai-compatible:qwen3 (fallback model of worker main)');
    expect(output).toContain('provider_tools: web_search is not available on test (model of worker offline)');
  });

  test('an unknown tool name is an error naming the valid ones', async () => {
    const root = project({ 'main.worker': worker('main', 'model: test\nprovider_tools: [web_serch]') });
    const checked = await runCli(['check', root], { env: {} });
    expect(checked.code).not.toBe(0);
    expect(checked.stdout + checked.stderr).toMatch(/provider_tools.*web_search/);
  });
});
