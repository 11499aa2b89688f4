/**
 * `llm-do keys` through the built CLI (docs/models.md): a key piped to `keys set` is stored owner-only in
 * `$LLM_DO_HOME/keys.json` and sent by the provider; the environment wins; `keys list` never shows
 * a value; a malformed file is a clear error that does not quote it; and a stored key never reaches
 * the run log, the trace, stdout or stderr, after a run or a failed request.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from './helpers/run-cli.ts';
import { runLogFiles } from './helpers/run-log-files.ts';
import { closeServers, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A project whose main worker runs on Anthropic (the scripted server). */
function project(): string {
  const root = tempDir('llm-do-e2e-keys-');
  fs.writeFileSync(path.join(root, 'main.worker'), '---\nname: main\nmodel: anthropic:claude-haiku-4-5\n---\nYou are worker main. {{ input }}\n');
  return root;
}

/** A fresh `$LLM_DO_HOME` that does not exist yet (so `keys set` creates it). */
function freshHome(): string {
  return path.join(tempDir('llm-do-e2e-keyshome-'), 'home');
}

const STORED = 'sk-ant-stored-e2e-7f3a9c';

async function storeKey(home: string, provider: string, key: string) {
  return runCli(['keys', 'set', provider], { env: { LLM_DO_HOME: home }, stdin: `${key}\n` });
}

describe.concurrent('llm-do keys', () => {
  test('keys set reads piped stdin and stores the key 0600 in a 0700 $LLM_DO_HOME; a run sends it', async () => {
    const home = freshHome();
    const stored = await storeKey(home, 'anthropic', STORED);
    expect(stored.code, stored.stderr).toBe(0);
    expect(stored.stderr).toBe(`stored the key for anthropic in ${path.join(home, 'keys.json')}\n`);
    expect(stored.stdout).toBe('');
    const file = path.join(home, 'keys.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(home).mode & 0o777).toBe(0o700);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ anthropic: STORED });
    // Beside the key only the CLI's code cache (docs/performance.md), which holds no secret.
    expect(fs.readdirSync(home).filter((name) => name !== 'cache')).toEqual(['keys.json']);

    const { server, env } = await scripted(() => ({ text: 'ok' }));
    const run = await runCli([project(), 'hi'], { env: { ...env, ANTHROPIC_API_KEY: undefined, LLM_DO_HOME: home } });
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests[0]!.headers['x-api-key']).toBe(STORED);
  });

  test('the environment wins over a stored key, and keys set says so', async () => {
    const home = freshHome();
    const stored = await runCli(['keys', 'set', 'anthropic'], { env: { LLM_DO_HOME: home, ANTHROPIC_API_KEY: 'sk-from-env' }, stdin: STORED });
    expect(stored.stderr).toContain('llm-do: note: ANTHROPIC_API_KEY is set and wins over the stored key');

    const { server, env } = await scripted(() => ({ text: 'ok' }));
    const run = await runCli([project(), 'hi'], { env: { ...env, ANTHROPIC_API_KEY: 'sk-from-env', LLM_DO_HOME: home } });
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests[0]!.headers['x-api-key']).toBe('sk-from-env');
  });

  test('keys list shows where each key comes from, never the key, also as JSON', async () => {
    const home = freshHome();
    await storeKey(home, 'anthropic', STORED);
    await storeKey(home, 'openai', 'sk-openai-stored-e2e-1b2c');
    const env = { LLM_DO_HOME: home, OPENAI_API_KEY: 'sk-openai-env-e2e-9d8e' };
    const text = await runCli(['keys', 'list'], { env });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('anthropic          key stored (llm-do keys)\n');
    expect(text.stdout).toContain('openai             key from OPENAI_API_KEY\n');
    expect(text.stdout).toContain('google             no key (set GOOGLE_GENERATIVE_AI_API_KEY or run llm-do keys set google)\n');
    expect(text.stdout).toContain('openai-compatible  no key (optional: OPENAI_COMPATIBLE_API_KEY)\n');
    const json = await runCli(['keys', 'list', '--json'], { env });
    expect(JSON.parse(json.stdout).keys).toContainEqual({ provider: 'anthropic', env: 'ANTHROPIC_API_KEY', source: 'stored', optional: false });

    // models and doctor describe each key in the same words.
    const models = await runCli(['models'], { env });
    expect(models.stdout).toMatch(/ {2}openai-compatible +built-in +no key \(optional: OPENAI_COMPATIBLE_API_KEY\)\n/);
    expect(models.stdout).toMatch(/ {2}anthropic +built-in +key stored \(llm-do keys\)\n/);
    const doctor = await runCli(['doctor'], { env });
    expect(doctor.stdout).toContain(
      'anthropic: key stored (llm-do keys); openai: key from OPENAI_API_KEY; openai-compatible: no key (optional); google: no key',
    );
    for (const output of [text.stdout + text.stderr, json.stdout + json.stderr]) {
      expect(output).not.toContain(STORED);
      expect(output).not.toContain('sk-openai');
    }
  });

  test('keys remove deletes a stored key; removing one that is not stored is exit 2 with the nearest name', async () => {
    const home = freshHome();
    await storeKey(home, 'anthropic', STORED);
    const typo = await runCli(['keys', 'remove', 'antropic'], { env: { LLM_DO_HOME: home } });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe('llm-do: no stored key for antropic (did you mean "anthropic"?)\n');
    const removed = await runCli(['keys', 'remove', 'anthropic'], { env: { LLM_DO_HOME: home } });
    expect(removed.code, removed.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(home, 'keys.json'), 'utf8'))).toEqual({});
    expect(fs.statSync(path.join(home, 'keys.json')).mode & 0o777).toBe(0o600);
  });

  test('keys set refuses an empty key, a bad provider name, and notes an unknown provider', async () => {
    const home = freshHome();
    const empty = await runCli(['keys', 'set', 'anthropic'], { env: { LLM_DO_HOME: home }, stdin: '\n' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('no key given for anthropic');
    const badName = await runCli(['keys', 'set', 'my provider'], { env: { LLM_DO_HOME: home }, stdin: 'x' });
    expect(badName.code).toBe(2);
    expect(badName.stderr).toContain('invalid provider name "my provider"');
    expect(fs.existsSync(path.join(home, 'keys.json'))).toBe(false);
    const unknown = await storeKey(home, 'antrhopic', STORED);
    expect(unknown.code).toBe(0);
    expect(unknown.stderr).toContain('llm-do: note: antrhopic is not a built-in provider');
    expect(unknown.stderr).toContain('(did you mean "anthropic"?)');
  });

  test('a malformed keys.json is exit 2 naming the file and line, never quoting it', async () => {
    const home = freshHome();
    fs.mkdirSync(home, { recursive: true });
    const file = path.join(home, 'keys.json');
    fs.writeFileSync(file, `{\n  "anthropic": ${STORED}\n}\n`, { mode: 0o600 });
    const { server, env } = await scripted(() => ({ text: 'unreachable' }));
    for (const args of [
      ['keys', 'list'],
      ['keys', 'set', 'openai'],
      [project(), 'hi'],
    ]) {
      const result = await runCli(args, { env: { ...env, LLM_DO_HOME: home }, stdin: 'sk-other' });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(`llm-do: ${file}:2: the keys file is not valid JSON`);
      expect(result.stdout + result.stderr).not.toContain(STORED);
    }
    fs.writeFileSync(file, '{"anthropic": 42}');
    const wrongType = await runCli(['keys', 'list'], { env: { LLM_DO_HOME: home } });
    expect(wrongType.stderr).toContain(`${file}: the keys file has no usable key for anthropic`);
    expect(server.requests).toHaveLength(0);
  });

  test('without a key anywhere the error names the variable and keys set, before any request', async () => {
    const { server, env } = await scripted(() => ({ text: 'unreachable' }));
    const result = await runCli([project(), 'hi'], { env: { ...env, ANTHROPIC_API_KEY: undefined, LLM_DO_HOME: freshHome() } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'llm-do: missing API key for anthropic:claude-haiku-4-5 (worker main): set ANTHROPIC_API_KEY or run llm-do keys set anthropic\n',
    );
    expect(server.requests).toHaveLength(0);
  });

  test('a stored key never reaches the run log, the trace, --json output or stderr, after a run and after a failed request', async () => {
    const home = freshHome();
    await storeKey(home, 'anthropic', STORED);
    const trace = path.join(tempDir('llm-do-e2e-keystrace-'), 'trace.jsonl');
    const { server, env } = await scripted((_request, index) => (index === 0 ? { text: 'fine' } : { status: 401, errorMessage: 'invalid x-api-key' }));
    const runEnv = { ...env, ANTHROPIC_API_KEY: undefined, LLM_DO_HOME: home };
    const root = project();
    const ok = await runCli([root, 'hi', '--json', '--trace', trace, '-v'], { env: runEnv });
    expect(ok.code, ok.stderr).toBe(0);
    const traced = fs.readFileSync(trace, 'utf8');
    const failed = await runCli([root, 'again', '--json', '--trace', trace], { env: runEnv });
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout).error).toContain('HTTP 401: invalid x-api-key');
    expect(server.requests.map((request) => request.headers['x-api-key'])).toEqual([STORED, STORED]);

    // The runs' journals, then the log they are recorded in.
    const journals = runLogFiles(home).filter((file) => file.endsWith('.jsonl'));
    expect(journals).toHaveLength(2);
    const journaled = journals.map((file) => fs.readFileSync(file, 'latin1'));
    const shown = await runCli(['runs', 'show', 'last', '--prompts', '--json'], { env: { LLM_DO_HOME: home } });
    const logFiles = runLogFiles(home);
    expect(logFiles).toContain(path.join(home, 'runs.db'));
    const outputs = [ok.stdout, ok.stderr, traced, failed.stdout, failed.stderr, fs.readFileSync(trace, 'utf8'), shown.stdout, shown.stderr];
    const databases = [...journaled, ...logFiles.map((file) => fs.readFileSync(file).toString('latin1'))];
    for (const text of [...outputs, ...databases]) expect(text).not.toContain(STORED);
  });
});
