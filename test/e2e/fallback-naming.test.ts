/**
 * After a `fallback_models` switch, the model that served each step is the one events name and
 * price (docs/models.md): `model_request`, `model_step`, `usage`, the run's cost and the run log.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runCli } from './helpers/run-cli.ts';
import { closeServers, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

const PRIMARY = 'anthropic:claude-sonnet-4-5';
const BACKUP = 'openai:gpt-5';
// 1000 input and 100 output tokens at gpt-5's list price (1.25 and 10 USD per million); Sonnet's would be 0.0045.
const BACKUP_COST = 0.00225;

test('after a fallback (529 from the first model), events, usage, cost and the run log name and price the model that answered', async () => {
  const { server, env } = await scripted((request) =>
    request.protocol === 'anthropic'
      ? { status: 529, headers: { 'retry-after': '0' }, errorMessage: 'overloaded' }
      : { text: 'from gpt-5', usage: { input: 1000, output: 100 } },
  );
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-fbname-'));
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-fbnameproj-'));
  fs.writeFileSync(path.join(root, 'main.worker'), `---\nname: main\nmodel: ${PRIMARY}\nfallback_models: [${BACKUP}]\n---\nYou are worker main.\n`);
  const trace = path.join(home, 'trace.jsonl');
  const result = await runCli([root, 'hi', '--trace', trace, '--json'], { env: { ...env, LLM_DO_HOME: home } });

  expect(result.code, result.stderr).toBe(0);
  expect(server.requests.at(-1)!.protocol).toBe('openai-responses');
  const events = fs
    .readFileSync(trace, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(events.find((event) => event.type === 'model_fallback')).toMatchObject({ model: PRIMARY, fallback: BACKUP });
  expect(events.find((event) => event.type === 'model_step')).toMatchObject({ model: BACKUP });
  expect(events.find((event) => event.type === 'usage')).toMatchObject({ model: BACKUP, input_tokens: 1000, output_tokens: 100, cost_usd: BACKUP_COST });
  expect(JSON.parse(result.stdout).usage).toMatchObject({ cost_usd: BACKUP_COST });

  const shown = await runCli(['runs', 'show', 'last', '--json'], { env: { LLM_DO_HOME: home } });
  expect(shown.code, shown.stderr).toBe(0);
  expect(JSON.parse(shown.stdout).run).toMatchObject({ cost_usd: BACKUP_COST });
});
