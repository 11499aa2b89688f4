/**
 * Cost through the built CLI (docs/cli.md): requests priced with the bundled table, cache tokens read
 * from the provider's usage, an unknown price shown as unknown, `prices:` overrides, and the usage
 * and cost so far when a run fails or is interrupted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedHandler } from '../../src/testkit/index.ts';
import { runCli, startCli } from './helpers/run-cli.ts';
import { ANTHROPIC, byWorker, closeServers, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

const UNPRICED = 'openai-compatible:scripted-chat';

/**
 * A project whose main worker (claude-sonnet-4-5: $3 in, $15 out, $0.30 cache read, $3.75 cache
 * write per million) may call `helper`, which runs on `helperModel`.
 */
function costProject(helperModel: string, manifest = ''): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-cost-'));
  fs.writeFileSync(path.join(dir, 'project.yaml'), `name: cost\n${manifest}`);
  fs.writeFileSync(
    path.join(dir, 'main.worker'),
    `---\nname: main\nmodel: ${ANTHROPIC.model}\ntoolsets:\n  workers:\n    allowed_workers: [helper]\n---\nYou are worker main.\n`,
  );
  fs.mkdirSync(path.join(dir, 'workers'));
  fs.writeFileSync(path.join(dir, 'workers/helper.worker'), `---\nname: helper\nmodel: ${helperModel}\n---\nYou are worker helper.\n`);
  return dir;
}

/** main: 100k input (50k cache read, 30k cache write), 2k output → $0.2175. */
const CACHED = { input: 100_000, output: 2000, cacheRead: 50_000, cacheWrite: 30_000 };
const CACHED_COST = (20_000 * 3 + 50_000 * 0.3 + 30_000 * 3.75 + 2000 * 15) / 1e6;

/** main calls helper once, then answers; each reply reports `CACHED`, helper `helperUsage`. */
function delegating(helperUsage = { input: 1_000_000, output: 100_000 }): ScriptedHandler {
  return byWorker({
    main: (r) => (r.toolResults.length === 0 ? { toolCalls: [{ name: 'helper', args: { input: 'x' } }], usage: CACHED } : { text: 'done', usage: CACHED }),
    helper: () => ({ text: 'helped', usage: helperUsage }),
  });
}

describe.concurrent('cost', () => {
  for (const streaming of [true, false]) {
    test(`Anthropic cache reads and writes are priced exactly (${streaming ? 'streaming' : 'non-streaming'})`, async () => {
      const { env } = await scripted(byWorker({ main: () => ({ text: 'done', usage: CACHED }) }));
      const result = await runCli([costProject('test'), 'hi', '--json', ...(streaming ? [] : ['--no-stream'])], { env });

      expect(result.code, result.stderr).toBe(0);
      const main = { input_tokens: 100_000, output_tokens: 2000, cache_read_tokens: 50_000, cache_write_tokens: 30_000, cost_usd: 0.2175, unpriced_models: [] };
      expect(JSON.parse(result.stdout).usage).toEqual({ ...main, by_worker: { main } });
      expect(result.stderr).toContain('· 100000 in (50000 cached) / 2000 out tokens · $0.2175\n');
    });
  }

  test("a worker on a model with no price makes the run's cost unknown (null), never 0; priced workers keep theirs", async () => {
    const { env } = await scripted(delegating());
    const result = await runCli([costProject(UNPRICED), 'hi', '--json', '--verbose'], { env });

    expect(result.code, result.stderr).toBe(0);
    const { usage } = JSON.parse(result.stdout);
    expect(usage).toMatchObject({ input_tokens: 1_200_000, cost_usd: null, unpriced_models: [UNPRICED] });
    expect(usage.by_worker.main).toMatchObject({ cost_usd: 2 * CACHED_COST, unpriced_models: [] });
    expect(usage.by_worker.helper).toMatchObject({ cost_usd: null, unpriced_models: [UNPRICED] });
    expect(result.stderr).toContain('out tokens · cost unknown\n');
    expect(result.stderr).toContain(`    helper: 1000000 in / 100000 out tokens · cost unknown (no price for ${UNPRICED})\n`);
    expect(result.stderr).toContain('    main: 200000 in (100000 cached) / 4000 out tokens · $0.4350\n');
    expect(result.stdout).not.toMatch(/"cost_usd":0[,}]/);
  });

  test('prices: in project.yaml prices a model the table lacks and overrides one it has', async () => {
    const manifest = `prices:\n  ${UNPRICED}: { input: 0.5, output: 1 }\n  ${ANTHROPIC.model}: { input: 1, output: 2, cache_read: 0, cache_write: 0 }\n`;
    const { env } = await scripted(delegating());
    const result = await runCli([costProject(UNPRICED, manifest), 'hi', '--json'], { env });

    expect(result.code, result.stderr).toBe(0);
    const { usage } = JSON.parse(result.stdout);
    // helper: 1M in × $0.5 + 100k out × $1; main: 2 × (20k uncached × $1 + 2k out × $2).
    expect(usage.by_worker.helper.cost_usd).toBe(0.6);
    expect(usage.by_worker.main.cost_usd).toBe(0.048);
    expect(usage).toMatchObject({ cost_usd: 0.648, unpriced_models: [] });
    expect(result.stderr).toContain('out tokens · $0.6480\n');
  });

  test('a bad prices: entry is a configuration error naming the field, before any request', async () => {
    const { server, env } = await scripted(() => ({ text: 'never' }));
    const result = await runCli([costProject('test', `prices:\n  ${UNPRICED}: { input: -1, output: 1 }\n`), 'hi'], { env });

    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`prices.${UNPRICED}.input: prices are USD per million tokens, 0 or more`);
    expect(server.requests).toHaveLength(0);
  });

  test('a run that fails keeps the usage and cost so far, on stderr and in --json', async () => {
    const { env } = await scripted(
      byWorker({
        main: () => ({ toolCalls: [{ name: 'helper', args: { input: 'x' } }], usage: CACHED }),
        helper: () => ({ status: 400, errorMessage: 'bad request' }),
      }),
    );
    const dir = costProject('anthropic:claude-haiku-4-5');
    fs.writeFileSync(
      path.join(dir, 'main.worker'),
      fs.readFileSync(path.join(dir, 'main.worker'), 'utf8').replace('name: main\n', 'name: main\nmax_steps: 1\n'),
    );
    const result = await runCli([dir, 'hi', '--json'], { env });

    expect(result.code, result.stderr).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'error', usage: { input_tokens: 100_000, cost_usd: CACHED_COST } });
    expect(result.stderr).toMatch(/✗ failed in .* · 100000 in \(50000 cached\) \/ 2000 out tokens · \$0\.2175\n/);
  });

  for (const json of [false, true]) {
    test(`Ctrl-C keeps the usage and cost so far (exit 130${json ? ', --json' : ''})`, async () => {
      const { server, env } = await scripted(
        byWorker({
          main: () => ({ toolCalls: [{ name: 'helper', args: { input: 'x' } }], usage: CACHED }),
          helper: () => ({ text: 'too late', delayMs: 10_000 }),
        }),
      );
      const cli = startCli([costProject('anthropic:claude-haiku-4-5'), 'hi', ...(json ? ['--json'] : [])], { env });
      await cli.waitForStderr('▸ helper');
      while (server.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      cli.child.kill('SIGINT');
      const result = await cli.result;

      expect(result.code, result.stderr).toBe(130);
      expect(result.stderr).toMatch(/⊘ interrupted in .* · 100000 in \(50000 cached\) \/ 2000 out tokens · \$0\.2175\n/);
      if (json) expect(JSON.parse(result.stdout)).toMatchObject({ status: 'interrupted', usage: { input_tokens: 100_000, cost_usd: CACHED_COST } });
      else expect(result.stdout).toBe('');
    });
  }
});
