/**
 * The user configuration and aliases through the built CLI (docs/models.md): `$LLM_DO_HOME/config.yaml`
 * (default model, aliases, providers, prices) under the manifest, aliases wherever a model is named,
 * `compatible_models` on the resolved id, `llm-do models`, libraries under `$LLM_DO_HOME`, and the
 * did-you-mean suggestions of bad names.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from './helpers/run-cli.ts';
import { closeServers, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A project of `files` (main.worker by default). */
function project(files: Record<string, string> = {}): string {
  const root = tempDir('llm-do-e2e-config-');
  for (const [name, text] of Object.entries({ 'main.worker': worker('main'), ...files })) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

function worker(name: string, fields = ''): string {
  return `---\nname: ${name}\n${fields ? `${fields}\n` : ''}---\nYou are worker ${name}. {{ input }}\n`;
}

/** An `$LLM_DO_HOME` holding `config.yaml` (when given). */
function llmDoHome(config?: string): string {
  const home = tempDir('llm-do-e2e-llmdohome-');
  if (config !== undefined) fs.writeFileSync(path.join(home, 'config.yaml'), config);
  return home;
}

const HAIKU = 'anthropic:claude-haiku-4-5';

describe.concurrent('user configuration and aliases', () => {
  test('the user config default model may be an alias; the request, events and run log carry the resolved id', async () => {
    const { server, env } = await scripted(() => ({ text: 'ok' }));
    const home = llmDoHome(`model: fast\nmodels:\n  fast: ${HAIKU}\n`);
    const trace = path.join(home, 'trace.jsonl');
    const result = await runCli([project(), 'hi', '--trace', trace], { env: { ...env, LLM_DO_HOME: home } });

    expect(result.code, result.stderr).toBe(0);
    expect(server.requests.map((request) => request.model)).toEqual(['claude-haiku-4-5']);
    const events = fs
      .readFileSync(trace, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.find((event) => event.type === 'run_start').model).toBe(HAIKU);
    expect(events.find((event) => event.type === 'model_request').model).toBe(HAIKU);
    const shown = await runCli(['runs', 'show', 'last', '--json'], { env: { LLM_DO_HOME: home } });
    const { run } = JSON.parse(shown.stdout);
    expect(run.model).toBe(HAIKU);
  });

  test('the manifest alias wins over the user config alias of the same name, and --model takes an alias', async () => {
    const { server, env } = await scripted(() => ({ text: 'ok' }));
    const home = llmDoHome(`models:\n  fast: ${HAIKU}\n`);
    const root = project({ 'project.yaml': 'models:\n  fast: chat\n  chat: openai-compatible:scripted-chat\n' });
    const result = await runCli([root, 'hi', '--model', 'fast'], { env: { ...env, LLM_DO_HOME: home } });

    expect(result.code, result.stderr).toBe(0);
    expect(server.requests.map((request) => [request.protocol, request.model])).toEqual([['openai-chat', 'scripted-chat']]);
  });

  test('a worker model alias works, and LLM_DO_MODEL wins over the user config model', async () => {
    const { server, env } = await scripted(() => ({ text: 'ok' }));
    const home = llmDoHome(`model: ${HAIKU}\nmodels:\n  chat: openai-compatible:scripted-chat\n`);
    const fromWorker = await runCli([project({ 'main.worker': worker('main', 'model: chat') }), 'hi'], { env: { ...env, LLM_DO_HOME: home } });
    const fromEnv = await runCli([project(), 'hi'], { env: { ...env, LLM_DO_HOME: home, LLM_DO_MODEL: 'chat' } });

    expect([fromWorker.code, fromEnv.code], fromWorker.stderr + fromEnv.stderr).toEqual([0, 0]);
    expect(server.requests.map((request) => request.model)).toEqual(['scripted-chat', 'scripted-chat']);
  });

  test('compatible_models checks the id an alias resolves to, before any request', async () => {
    const { server, env } = await scripted(() => ({ text: 'unreachable' }));
    const root = project({
      'project.yaml': `models:\n  fast: openai-compatible:scripted-chat\n  haiku: ${HAIKU}\n`,
      'main.worker': worker('main', 'compatible_models: ["anthropic:*"]'),
    });
    const refused = await runCli([root, 'hi', '--model', 'fast'], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('model openai-compatible:scripted-chat is not compatible with worker main: compatible_models allows "anthropic:*"');
    expect(server.requests).toHaveLength(0);

    server.setHandler(() => ({ text: 'ok' }));
    const accepted = await runCli([root, 'hi', '--model', 'haiku'], { env });
    expect(accepted.code, accepted.stderr).toBe(0);
  });

  test('a malformed config.yaml is exit 2 naming the file, line and field, for a run, check and models', async () => {
    const home = llmDoHome('model: test\nmodels:\n  fast: test\nmodle: x\n');
    const file = path.join(home, 'config.yaml');
    const root = project({ 'main.worker': worker('main', 'model: test') });
    for (const args of [
      [root, 'hi'],
      ['check', root],
      ['models', root],
    ]) {
      const result = await runCli(args, { env: { LLM_DO_HOME: home } });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout + result.stderr).toContain(`${file}:4:1: unknown key "modle" (did you mean "model"?)`);
    }
    const badValue = llmDoHome('models:\n  fast: [1, 2]\n');
    const result = await runCli(['models'], { env: { LLM_DO_HOME: badValue } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${path.join(badValue, 'config.yaml')}:2:9: models.fast`);
  });

  test('an unknown alias is an error with the nearest alias, from check and from a run; a cycle names the chain', async () => {
    const root = project({
      'project.yaml': 'models:\n  fast: test\n  a: b\n  b: a\n',
      'main.worker': worker('main', 'model: fsat'),
      'workers/loop.worker': worker('loop', 'model: a'),
    });
    const home = llmDoHome();
    const check = await runCli(['check', root], { env: { LLM_DO_HOME: home } });
    expect(check.code).toBe(2);
    expect(check.stdout).toContain(
      'main.worker: unknown model or alias "fsat" for worker main: expected provider:model, test, or an alias (did you mean "fast"?)',
    );
    expect(check.stdout).toContain('workers/loop.worker: model alias a → b → a (worker loop) is a cycle');
    const run = await runCli([root, 'hi'], { env: { LLM_DO_HOME: home } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('did you mean "fast"?');
  });

  test('check warns about a model id one typo away from a known one, and names the nearest provider', async () => {
    const root = project({
      'main.worker': worker('main', 'model: anthropic:claude-sonet-4-5'),
      'workers/p.worker': worker('p', 'model: antropic:claude-sonnet-4-5'),
    });
    const check = await runCli(['check', root], { env: { LLM_DO_HOME: llmDoHome() } });
    expect(check.stdout).toContain(
      'main.worker: warning: model anthropic:claude-sonet-4-5 (worker main) is not in the price table; if that is a typo, did you mean anthropic:claude-sonnet-4-5?',
    );
    expect(check.stdout).toContain('(did you mean anthropic:claude-sonnet-4-5?): valid providers are');
  });

  test('providers and prices of the user config are used', async () => {
    const { server, env } = await scripted(() => ({ text: 'ok', usage: { input: 1000, output: 500 } }));
    const home = llmDoHome(`providers:\n  mine:\n    base_url: ${server.openaiBaseUrl}\nprices:\n  "mine:*": { input: 2, output: 4 }\n`);
    const result = await runCli([project(), 'hi', '--model', 'mine:small', '--json'], { env: { ...env, LLM_DO_HOME: home } });

    expect(result.code, result.stderr).toBe(0);
    expect(server.requests.map((request) => [request.protocol, request.model])).toEqual([['openai-chat', 'small']]);
    const { usage } = JSON.parse(result.stdout);
    expect(usage.unpriced_models).toEqual([]);
    expect(usage.cost_usd).toBeCloseTo((1000 * 2 + 500 * 4) / 1_000_000);
  });

  test('models --json lists providers with key sources, aliases resolved, the default model and prices by source', async () => {
    const home = llmDoHome(
      `model: fast\nmodels:\n  fast: ${HAIKU}\n  typo: fsat\nproviders:\n  mine: { base_url: "http://127.0.0.1:1/v1", api_key_env: MINE_KEY }\nprices:\n  "mine:*": { input: 1, output: 2 }\n`,
    );
    const result = await runCli(['models', '--json'], {
      env: { LLM_DO_HOME: home, ANTHROPIC_API_KEY: 'sk-env-value-not-shown' },
      cwd: tempDir('llm-do-e2e-noproject-'),
    });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('sk-env-value-not-shown');
    const view = JSON.parse(result.stdout);
    const file = path.join(home, 'config.yaml');
    expect(view.providers).toEqual(
      expect.arrayContaining([
        { name: 'anthropic', source: 'built-in', key_env: 'ANTHROPIC_API_KEY', key: 'env' },
        { name: 'openai', source: 'built-in', key_env: 'OPENAI_API_KEY', key: 'none' },
        { name: 'ollama', source: 'built-in', key_env: null, key: 'not needed' },
        { name: 'openai-compatible', source: 'built-in', key_env: 'OPENAI_COMPATIBLE_API_KEY', key: 'optional' },
        { name: 'mine', source: file, key_env: 'MINE_KEY', key: 'none' },
      ]),
    );
    expect(view.aliases).toEqual([
      { name: 'fast', target: HAIKU, model: HAIKU, source: file },
      { name: 'typo', target: 'fsat', model: null, error: expect.stringContaining('did you mean "fast"?'), source: file },
    ]);
    expect(view.default_model).toEqual({ model: 'fast', source: file });
    expect(view.prices).toContainEqual({ model: 'mine:*', source: file, input: 1, output: 2 });
    expect(view.prices).toContainEqual(expect.objectContaining({ model: HAIKU, input: 1, output: 5 }));
  });

  test('libraries install to and load from $LLM_DO_HOME/libs, not ~/.llm-do/libs', async () => {
    const library = project({
      'lib.yaml': 'name: utils\nversion: 1.0.0\n',
      'main.worker': worker('main', 'model: test'),
      'workers/helper.worker': worker('helper', 'model: test'),
    });
    const home = llmDoHome();
    const userHome = tempDir('llm-do-e2e-userhome-');
    const installed = await runCli(['lib', 'install', library], { env: { LLM_DO_HOME: home }, home: userHome });
    expect(installed.code, installed.stderr).toBe(0);
    expect(fs.existsSync(path.join(home, 'libs', 'utils@1.0.0', 'lib.yaml'))).toBe(true);
    expect(fs.existsSync(path.join(userHome, '.llm-do'))).toBe(false);

    const root = project({
      'project.yaml': 'dependencies: [utils]\n',
      'main.worker': worker('main', 'model: test\ntoolsets:\n  workers:\n    allowed_workers: [helper]'),
    });
    const found = await runCli(['check', root], { env: { LLM_DO_HOME: home }, home: userHome });
    expect(found.code, found.stdout + found.stderr).toBe(0);
    const elsewhere = await runCli(['check', root], { env: { LLM_DO_HOME: llmDoHome() }, home: userHome });
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stdout).toContain('utils');
  });
});

describe.concurrent('did you mean', () => {
  test('a mistyped command names the command it is close to', async () => {
    const result = await runCli(['chekc'], { cwd: tempDir('llm-do-e2e-empty-') });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('llm-do: unknown command "chekc" (did you mean "check"?)');
    const sub = await runCli(['keys', 'lst']);
    expect(sub.code).toBe(2);
    expect(sub.stderr).toContain("error: unknown command 'lst'\n(Did you mean list?)");
    // `runs` has an action of its own, so commander alone would call the typo an argument too many.
    const withAction = await runCli(['runs', 'shwo']);
    expect(withAction.code).toBe(2);
    expect(withAction.stderr).toContain("error: unknown command 'shwo'\n(Did you mean show?)\nusage: llm-do runs");
  });

  test('a mistyped --set key names the nearest field', async () => {
    const result = await runCli([project({ 'main.worker': worker('main', 'model: test') }), 'hi', '--set', 'max_step=3']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--set made worker main invalid: unknown key "max_step" (did you mean "max_steps"?)');
  });

  test('an allowed_workers entry naming no worker names the nearest worker id', async () => {
    const root = project({
      'main.worker': worker('main', 'model: test\ntoolsets:\n  workers:\n    allowed_workers: [sumarizer]'),
      'workers/summarizer.worker': worker('summarizer', 'model: test'),
    });
    const result = await runCli(['check', root]);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/main\.worker: worker sumarizer not found .*\(did you mean "summarizer"\?\)/);
  });
});
