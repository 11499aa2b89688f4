/**
 * `fallback_models` through the built CLI (docs/models.md): a model that fails after its retries with a
 * 5xx, an overload or "model not found" hands the same request to the next model, with a
 * `model_fallback` event, a progress line and a run-log entry; other failures do not fall back; the
 * list is checked (aliases, providers, keys) before any request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { tempDir, worker as workerFile, writeTree } from '../project/fixture.ts';
import { runCli } from './helpers/run-cli.ts';
import { closeServers, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

/** A worker whose prompt names it and carries the input. */
const worker = (name: string, fields: string) => workerFile(name, fields, `You are worker ${name}. {{ input }}`);
const project = (files: Record<string, string>) => writeTree(files, tempDir('llm-do-e2e-fallback-'));

const PRIMARY = 'anthropic:claude-missing';
const BACKUP = 'openai-compatible:scripted-chat';

function traceEvents(file: string): Record<string, any>[] {
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe.concurrent('fallback_models', () => {
  test('a model the provider does not know (404) hands the request to the next model: event, progress line, run log', async () => {
    const { server, env } = await scripted((request) =>
      request.protocol === 'anthropic' ? { status: 404, errorMessage: 'model: claude-missing' } : { text: 'from the fallback' },
    );
    const home = tempDir('llm-do-e2e-fallbackhome-');
    const trace = path.join(home, 'trace.jsonl');
    const root = project({ 'main.worker': worker('main', `model: ${PRIMARY}\nfallback_models: [${BACKUP}]`) });
    const result = await runCli([root, 'hi', '--trace', trace], { env: { ...env, LLM_DO_HOME: home } });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('from the fallback\n');
    expect(server.requests.map((request) => request.protocol)).toEqual(['anthropic', 'openai-chat']);
    expect(result.stderr).toContain(`! ${PRIMARY} failed (HTTP 404: model: claude-missing); falling back to ${BACKUP}`);
    const fallback = traceEvents(trace).find((event) => event.type === 'model_fallback');
    expect(fallback).toMatchObject({
      call_id: 'c1',
      worker: 'main',
      model: PRIMARY,
      fallback: BACKUP,
      status: 404,
      message: 'HTTP 404: model: claude-missing',
    });
    const shown = await runCli(['runs', 'show', 'last', '--json'], { env: { LLM_DO_HOME: home } });
    expect(JSON.parse(shown.stdout).run.warnings).toEqual([
      expect.objectContaining({ call_id: 'c1', message: `${PRIMARY} failed (HTTP 404: model: claude-missing); fell back to ${BACKUP}` }),
    ]);
  });

  test('a 5xx after its retries falls back, and the next step goes straight to the fallback', async () => {
    const { server, env } = await scripted((request) => {
      if (request.protocol === 'anthropic') return { status: 529, headers: { 'retry-after': '0' }, errorMessage: 'overloaded' };
      if (/You are worker helper/.test(request.system)) return { text: 'helped' };
      return request.toolResults.length === 0 ? { toolCalls: [{ name: 'helper', args: { input: 'x' } }] } : { text: 'done after fallback' };
    });
    const root = project({
      'project.yaml': `models:\n  backup: ${BACKUP}\nfallback_models: [backup]\n`,
      'main.worker': worker('main', `model: ${PRIMARY}\ntoolsets:\n  workers:\n    allowed_workers: [helper]`),
      'workers/helper.worker': worker('helper', `model: ${BACKUP}`),
    });
    const result = await runCli([root, 'hi', '--no-log'], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('done after fallback\n');
    // Four attempts (three retries) on the primary, then every request of the run on the fallback.
    expect(server.requests.map((request) => request.protocol)).toEqual([
      'anthropic',
      'anthropic',
      'anthropic',
      'anthropic',
      'openai-chat',
      'openai-chat',
      'openai-chat',
    ]);
    expect(result.stderr.match(/falling back/g)).toHaveLength(1);
  });

  test('a client error (400) does not fall back', async () => {
    const { server, env } = await scripted((request) =>
      request.protocol === 'anthropic' ? { status: 400, errorMessage: 'prompt is too long' } : { text: 'unreachable' },
    );
    const root = project({ 'main.worker': worker('main', `model: ${PRIMARY}\nfallback_models: [${BACKUP}]`) });
    const result = await runCli([root, 'hi', '--no-log'], { env });

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`model ${PRIMARY} failed for worker main: HTTP 400: prompt is too long`);
    expect(server.requests.map((request) => request.protocol)).toEqual(['anthropic']);
  });

  test('every fallback is checked before any request: its alias, provider, key and compatible_models', async () => {
    const { server, env } = await scripted(() => ({ text: 'unreachable' }));
    const cases: [string, string, string][] = [
      [
        'models:\n  backup: openai:gpt-5\n',
        'fallback_models: [backup]',
        'missing API key for openai:gpt-5 (worker main): set OPENAI_API_KEY or run llm-do keys set openai',
      ],
      [
        'models:\n  backup: test\n',
        'fallback_models: [bakcup]',
        'unknown model or alias "bakcup" for fallback_models of worker main: expected provider:model, test, or an alias (did you mean "backup"?)',
      ],
      [
        '{}\n',
        'fallback_models: ["antropic:claude-x"]',
        'unknown model provider "antropic" in antropic:claude-x (fallback_models of worker main) (did you mean anthropic:claude-x?)',
      ],
      ['{}\n', `fallback_models: [${BACKUP}]\ncompatible_models: ["anthropic:*"]`, `model ${BACKUP} is not compatible with worker main`],
    ];
    for (const [manifest, fields, message] of cases) {
      const root = project({ 'project.yaml': manifest, 'main.worker': worker('main', `model: ${PRIMARY}\n${fields}`) });
      const result = await runCli([root, 'hi', '--no-log'], { env: { ...env, OPENAI_API_KEY: undefined } });
      expect(result.code, fields).toBe(2);
      expect(result.stderr).toContain(message);
    }
    expect(server.requests).toHaveLength(0);
  });
});
