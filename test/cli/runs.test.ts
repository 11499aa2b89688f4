/**
 * `llm-do runs` in process against a temp run log: the list and its filters, id prefixes (unique,
 * ambiguous, unknown), search, rm, escaping of recorded text, and clear usage errors (one JSON
 * object with `--json`).
 */
import { describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { RunSummary } from '../../src/run-log/index.ts';
import { captureIO, tempDir, worker, writeTree } from '../project/fixture.ts';

async function cli(args: string[], home: string) {
  const capture = captureIO({ cwd: tempDir(), env: { LLM_DO_HOME: home } });
  const code = await main(args, capture.io);
  return { code, stdout: capture.stdout(), stderr: capture.stderr() };
}

async function runsJson(args: string[], home: string): Promise<any> {
  const result = await cli(['runs', ...args, '--json'], home);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

/** A log with three finished runs of one project (inputs alpha, beta with an escape sequence, gamma). */
async function logWithThreeRuns(): Promise<{ home: string; listed: RunSummary[] }> {
  const home = tempDir('llm-do-runs-');
  const project = writeTree({ 'project.yaml': 'name: logged\n', 'main.worker': worker('main') });
  for (const input of ['alpha', 'beta \u001b[31mred', 'gamma']) expect((await cli([project, input, '--model', 'test', '--quiet'], home)).code).toBe(0);
  return { home, listed: (await runsJson([], home)).runs };
}

describe('llm-do runs', () => {
  test('lists newest first with --limit, --status and --worker; search and show find runs by text and prefix', async () => {
    const { home, listed } = await logWithThreeRuns();
    expect(listed.map((run) => run.status)).toEqual(['ok', 'ok', 'ok']);
    expect(listed[0]!.started_at >= listed[2]!.started_at).toBe(true);
    expect((await runsJson(['--limit', '2'], home)).runs).toHaveLength(2);
    expect((await runsJson(['--worker', 'nobody'], home)).runs).toEqual([]);
    expect((await runsJson(['--worker', 'main', '--status', 'ok'], home)).runs).toHaveLength(3);
    expect((await runsJson(['--status', 'error'], home)).runs).toEqual([]);

    const table = await cli(['runs'], home);
    expect(table.stdout).toMatch(/^ID +STARTED +KIND +PROJECT +ENTRY +STATUS +DURATION +TOKENS +COST +INPUT\n/);
    expect(table.stdout).toMatch(/\n\S+ +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d +run +logged +main +ok .* gamma\n/);
    const found = await runsJson(['search', 'gamma'], home);
    expect(found.runs.map((hit: any) => hit.run.id)).toEqual([listed[0]!.id]);
    const shown = await runsJson(['show', listed[0]!.id.slice(0, 30)], home);
    expect(shown.run).toMatchObject({ id: listed[0]!.id, input: 'gamma', status: 'ok', exit_code: 0, root: { label: 'main#1' } });
  });

  test('recorded text is escaped when shown', async () => {
    const { home } = await logWithThreeRuns();
    for (const args of [['search', 'beta'], ['show', 'last'], []]) {
      const result = await cli(['runs', ...args], home);
      expect(result.stdout).not.toContain('\u001b');
    }
    expect((await cli(['runs', 'search', 'beta'], home)).stdout).toContain('\\x1b[31m');
    expect((await cli(['runs', 'search', 'beta', '--json'], home)).stdout).toContain('\\u001b[31m');
  });

  test('an ambiguous prefix lists the candidates; an unknown one says so; bad values are usage errors', async () => {
    const { home, listed } = await logWithThreeRuns();
    const ambiguous = await cli(['runs', 'show', listed[0]!.id.slice(0, 4)], home);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('more than one run id');
    for (const run of listed) expect(ambiguous.stderr).toContain(run.id);
    for (const [args, message] of [
      [['show', 'ffffffff'], /no recorded run has an id starting with "ffffffff"/],
      [['--limit', 'x'], /--limit expects a whole number ≥ 1, got "x"/],
      [['--limit', '0'], /--limit expects a whole number/],
      [['--limit', '99999999999999999999'], /--limit expects a whole number/],
      [['rm', '--older-than', '99999999999999d'], /--older-than expects an age/],
      [['--status', 'weird'], /--status expects one of running, ok, error, interrupted/],
      [['--status', ''], /--status expects one of running, ok, error, interrupted/],
      [['--kind', ''], /--kind expects one of run, chat, batch/],
      [['--worker', ''], /--worker expects a worker id \(got an empty string\)/],
      [['--worker', ' '], /--worker expects a worker id \(got an empty string\)/],
      [['--conversation', ''], /--conversation expects a conversation id, a unique prefix of one, or "last" \(got an empty string\)/],
      [['search', ' '], /runs search expects some TEXT/],
      [['rm'], /runs rm needs RUN ids/],
      [['rm', 'last', '--older-than', '1d'], /not both/],
      [['rm', '--older-than', 'soon'], /--older-than expects an age such as 30d/],
    ] as const) {
      const text = await cli(['runs', ...args], home);
      expect(text.code, args.join(' ')).toBe(2);
      expect(text.stderr).toMatch(message);
      const json = await cli(['runs', ...args, '--json'], home);
      expect(json.code).toBe(2);
      expect(JSON.parse(json.stdout)).toMatchObject({ status: 'error', error: expect.stringMatching(message) });
    }
  });

  test('rm deletes by prefix and by age, with everything recorded about the runs', async () => {
    const { home, listed } = await logWithThreeRuns();
    expect((await runsJson(['rm', listed[0]!.id.slice(0, 30)], home)).deleted).toEqual([listed[0]!.id]);
    expect((await runsJson(['search', 'gamma'], home)).runs).toEqual([]);
    expect((await runsJson(['rm', '--older-than', '1w'], home)).deleted).toEqual([]);
    expect((await runsJson(['rm', '--older-than', '0m'], home)).deleted).toHaveLength(2);
    expect((await runsJson([], home)).runs).toEqual([]);
    expect((await cli(['runs'], home)).stdout).toBe('no runs recorded\n');
  });
});
