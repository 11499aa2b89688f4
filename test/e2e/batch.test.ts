/**
 * `llm-do batch` through the built CLI (docs/batch.md) against a scripted OpenAI-compatible server: results
 * appended per input with content-hash keys, malformed lines recorded as `invalid` with their line,
 * a rerun skipping what is done, another target's results refused, a directory of inputs, inputs
 * paused at an approval (the inbox is `llm-do approvals`), `kill -9` at random moments losing and
 * repeating nothing, and the rate limits: `--rpm` spacing and `retry-after` after a 429.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedHandler } from '../../src/testkit/index.ts';
import { tempDir, writeTree } from '../project/fixture.ts';
import { runCli, startCli } from './helpers/run-cli.ts';
import { closeServers, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

const MODEL = ['--model', 'openai-compatible:scripted'];

/** A project whose entry echoes its input through the scripted server; `writer` writes a file (which asks). */
function project(): string {
  return writeTree(
    {
      'project.yaml': 'name: batchy\n',
      'main.worker': '---\nname: main\n---\nYou are worker main. {{ input }}\n',
      'workers/typed.worker':
        '---\nname: typed\nschema_in:\n  type: object\n  properties:\n    topic: { type: string }\n  required: [topic]\n  additionalProperties: false\n---\nYou are worker typed. {{ input.topic }}\n',
      'workers/writer.worker':
        '---\nname: writer\ntoolsets:\n  filesystem: {}\nsandbox:\n  paths:\n    out: { root: ./out, mode: rw }\n---\nYou are worker writer. {{ input }}\n',
      'out/.keep': '',
    },
    tempDir('llm-do-e2e-batch-'),
  );
}

/** Answers `echo: <input>` after `delayMs`. */
const echo =
  (delayMs = 0): ScriptedHandler =>
  (request) => ({ text: `echo: ${request.lastUserText.trim()}`, delayMs });

function resultLines(file: string): Record<string, any>[] {
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

function jsonl(dir: string, lines: readonly string[]): string {
  const file = path.join(dir, 'inputs.jsonl');
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('llm-do batch', { timeout: 90_000 }, () => {
  test('one result line per distinct input; malformed lines are invalid with their line number and the batch goes on; a rerun skips them all', async () => {
    const root = project();
    const home = tempDir('llm-do-e2e-batch-home-');
    const { server, env } = await scripted(echo());
    const inputs = jsonl(root, ['"Ada"', '{"not": "closed"', '"Bob"', '', '"Ada"', '42', '"Cy"']);
    const out = path.join(root, 'results.jsonl');
    const cli = () => runCli(['batch', '.', '--inputs', inputs, '--out', out, ...MODEL], { env: { ...env, LLM_DO_HOME: home }, cwd: root });

    const first = await cli();
    expect(first.code, first.stderr).toBe(1);
    expect(first.stderr).toContain('batch done: 5 input(s) · ok 3 · failed 0 · paused 0 · invalid 2 · 1 duplicate input(s) run once');
    const lines = resultLines(out);
    expect(lines).toHaveLength(5);
    const bySource = Object.fromEntries(lines.map((line) => [line.source, line]));
    expect(bySource['line 1']).toMatchObject({
      status: 'ok',
      input: 'Ada',
      output: 'echo: Ada',
      project: 'batchy',
      worker: 'main',
      run_id: expect.any(String),
      usage: { input_tokens: expect.any(Number) },
    });
    expect(bySource['line 1'].key).toMatch(/^sha256:[0-9a-f]{32}$/);
    expect(bySource['line 2']).toMatchObject({ status: 'invalid', error: expect.stringMatching(/^line 2: not valid JSON/) });
    expect(bySource['line 6']).toMatchObject({ status: 'invalid', error: expect.stringContaining('line 6: expected a JSON string (text input) or object') });
    expect(server.requests).toHaveLength(3);

    const again = await cli();
    expect(again.code, again.stderr).toBe(1);
    expect(again.stderr).toContain('(5 of them from an earlier batch)');
    expect(resultLines(out)).toHaveLength(5);
    expect(server.requests).toHaveLength(3);
  });

  test("an input the entry's schema_in refuses is invalid, naming its line and the field", async () => {
    const root = project();
    const { env } = await scripted(echo());
    const inputs = jsonl(root, ['{"topic": "tides"}', '{"subject": "tides"}']);
    const out = path.join(root, 'results.jsonl');
    const result = await runCli(['batch', '.', '--entry', 'typed', '--inputs', inputs, '--out', out, ...MODEL, '--no-log', '--on-approval', 'deny'], {
      env,
      cwd: root,
    });
    expect(result.code, result.stderr).toBe(1);
    const [ok, refused] = resultLines(out).sort((a, b) => a.source.localeCompare(b.source));
    expect(ok).toMatchObject({ source: 'line 1', status: 'ok', output: expect.stringContaining('"topic": "tides"') });
    expect(refused).toMatchObject({ source: 'line 2', status: 'invalid', error: expect.stringMatching(/^line 2: .*subject/) });
  });

  test('--out of another target is refused and left as it is; --retry-failed runs failed inputs again', async () => {
    const root = project();
    let failing = true;
    const { env } = await scripted((request) => (failing ? { status: 400, errorMessage: 'bad request' } : { text: `echo: ${request.lastUserText.trim()}` }));
    const inputs = jsonl(root, ['"Ada"']);
    const out = path.join(root, 'results.jsonl');
    const batch = (...extra: string[]) =>
      runCli(['batch', '.', '--inputs', inputs, '--out', out, ...MODEL, '--no-log', '--on-approval', 'deny', ...extra], { env, cwd: root });

    const failed = await batch();
    expect(failed.code, failed.stderr).toBe(1);
    expect(resultLines(out)).toEqual([expect.objectContaining({ status: 'error', error: expect.any(String) })]);
    expect(failed.stderr).toContain('--retry-failed');

    const before = fs.readFileSync(out, 'utf8');
    const other = await batch('--entry', 'writer');
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('holds results of worker main of project batchy (line 1), and this batch runs worker writer');
    expect(fs.readFileSync(out, 'utf8')).toBe(before);

    failing = false;
    const retried = await batch('--retry-failed');
    expect(retried.code, retried.stderr).toBe(0);
    expect(resultLines(out).map((line) => line.status)).toEqual(['error', 'ok']);
  });

  test('a directory of inputs: each text file is an input; hidden files and subdirectories are left out', async () => {
    const root = project();
    const { env } = await scripted(echo());
    writeTree({ 'inbox/a.txt': 'first document', 'inbox/b.txt': 'second document', 'inbox/.hidden': 'no', 'inbox/sub/c.txt': 'no' }, root);
    const out = path.join(root, 'results.jsonl');
    const result = await runCli(['batch', '.', '--inputs', 'inbox', '--out', out, ...MODEL, '--no-log', '--on-approval', 'deny'], { env, cwd: root });
    expect(result.code, result.stderr).toBe(0);
    const lines = resultLines(out).sort((a, b) => a.source.localeCompare(b.source));
    expect(lines.map((line) => [line.source, line.input, line.output])).toEqual([
      ['file a.txt', { file: 'a.txt' }, 'echo: first document'],
      ['file b.txt', { file: 'b.txt' }, 'echo: second document'],
    ]);
  });

  test('an input that reaches a tool call that asks pauses; llm-do approvals lists it; after approve and resume, a rerun collects its result', async () => {
    const root = project();
    const home = tempDir('llm-do-e2e-batch-home-');
    const { env } = await scripted((request) =>
      request.toolResults.length === 0 ? { toolCalls: [{ name: 'write_file', args: { path: '/out/a.txt', content: 'A' } }] } : { text: 'written' },
    );
    const inputs = jsonl(root, ['"write it"']);
    const out = path.join(root, 'results.jsonl');
    const cli = (args: string[]) => runCli(args, { env: { ...env, LLM_DO_HOME: home }, cwd: root });
    const batch = () => cli(['batch', '.', '--entry', 'writer', '--inputs', inputs, '--out', out, ...MODEL]);

    const paused = await batch();
    expect(paused.code, paused.stderr).toBe(3);
    expect(paused.stderr).toContain('1 input(s) paused at tool calls that ask or at questions: llm-do approvals lists them');
    const line = resultLines(out)[0]!;
    expect(line).toMatchObject({ status: 'paused', run_id: expect.any(String) });
    expect(fs.existsSync(path.join(root, 'out/a.txt'))).toBe(false);

    const inbox = await cli(['approvals', '--json']);
    expect(JSON.parse(inbox.stdout).runs.map((run: any) => run.run_id)).toEqual([line.run_id]);
    // Still paused: a rerun changes nothing.
    const still = await batch();
    expect(still.code).toBe(3);
    expect(resultLines(out)).toHaveLength(1);

    expect((await cli(['approve', line.run_id, '--all'])).code).toBe(0);
    const resumed = await cli(['resume', line.run_id]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const collected = await batch();
    expect(collected.code, collected.stderr).toBe(0);
    expect(resultLines(out).map((result) => [result.status, result.output ?? null, result.run_id])).toEqual([
      ['paused', null, line.run_id],
      ['ok', 'written', line.run_id],
    ]);
    expect(fs.readFileSync(path.join(root, 'out/a.txt'), 'utf8')).toBe('A');
  });

  test('inputs whose calls were denied are marked, counted in the last line and in --json; --fail-on-deny fails them', async () => {
    const root = project();
    const { env } = await scripted((request) =>
      request.toolResults.length === 0 ? { toolCalls: [{ name: 'write_file', args: { path: '/out/a.txt', content: 'A' } }] } : { text: 'gave up' },
    );
    const inputs = jsonl(root, ['"one"', '"two"']);
    const out = path.join(root, 'results.jsonl');
    const batch = (file: string, ...extra: string[]) =>
      runCli(['batch', '.', '--entry', 'writer', '--inputs', inputs, '--out', file, ...MODEL, '--no-log', '--on-approval', 'deny', ...extra], {
        env,
        cwd: root,
      });

    const denied = await batch(out);
    expect(denied.code, denied.stderr).toBe(0);
    expect(denied.stderr.trimEnd().split('\n').at(-1)).toBe(
      '⊘ done with 2 denied calls in 2 input(s): their results carry denied_calls; llm-do runs show RUN shows each call',
    );
    expect(resultLines(out).map((line) => [line.status, line.denied_calls])).toEqual([
      ['ok', 1],
      ['ok', 1],
    ]);
    // A rerun skips them and still counts their denials.
    const again = await batch(out, '--json');
    expect(JSON.parse(again.stdout)).toMatchObject({ status: 'done', ok: 2, skipped: 2, denied_calls: 2, denied_inputs: 2 });

    const strictOut = path.join(root, 'strict.jsonl');
    const strict = await batch(strictOut, '--fail-on-deny');
    expect(strict.code, strict.stderr).toBe(1);
    expect(strict.stderr).toContain('ok 0 · failed 2');
    expect(resultLines(strictOut)).toEqual([
      expect.objectContaining({ status: 'error', denied_calls: 1, error: '1 tool call(s) denied (--fail-on-deny)' }),
      expect.objectContaining({ status: 'error', denied_calls: 1, error: '1 tool call(s) denied (--fail-on-deny)' }),
    ]);
  });

  test('kill -9 at random moments, then reruns: every input has exactly one result, none lost or repeated', async () => {
    const root = project();
    const { server, env } = await scripted(echo(40));
    const count = 40;
    const inputs = jsonl(
      root,
      Array.from({ length: count }, (_, index) => JSON.stringify(`input ${index}`)),
    );
    const out = path.join(root, 'results.jsonl');
    const args = ['batch', '.', '--inputs', inputs, '--out', out, ...MODEL, '--no-log', '--on-approval', 'deny', '--concurrency', '4'];
    for (let kill = 0; kill < 4; kill++) {
      const child = startCli(args, { env, cwd: root });
      await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 450));
      child.child.kill('SIGKILL');
      await child.result;
    }
    const last = await runCli(args, { env, cwd: root, timeoutMs: 60_000 });
    expect(last.code, last.stderr).toBe(0);

    const lines = resultLines(out);
    const keys = lines.map((line) => line.key);
    expect(new Set(keys).size, 'a key written twice').toBe(keys.length);
    expect(lines.map((line) => line.input).sort()).toEqual(Array.from({ length: count }, (_, index) => `input ${index}`).sort());
    expect(lines.every((line) => line.status === 'ok' && line.output === `echo: ${line.input}`)).toBe(true);
    // At most the inputs in flight at each kill were asked again.
    expect(server.requests.length).toBeLessThanOrEqual(count + 4 * 4);
    expect(fs.existsSync(`${out}.lock`)).toBe(false);
  });

  test('--rpm spaces request starts evenly; after a 429 no request is sent before its retry-after has passed', async () => {
    const root = project();
    const starts: number[] = [];
    let throttledAt = 0;
    const { env } = await scripted((request, index) => {
      starts.push(Date.now());
      if (index === 2) {
        throttledAt = Date.now();
        return { status: 429, headers: { 'retry-after': '1' } };
      }
      return { text: `echo: ${request.lastUserText.trim()}` };
    });
    const inputs = jsonl(
      root,
      Array.from({ length: 6 }, (_, index) => JSON.stringify(`input ${index}`)),
    );
    const out = path.join(root, 'results.jsonl');
    const result = await runCli(
      ['batch', '.', '--inputs', inputs, '--out', out, ...MODEL, '--no-log', '--on-approval', 'deny', '--concurrency', '6', '--rpm', '600'],
      { env, cwd: root },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(resultLines(out)).toHaveLength(6);
    // 600 per minute: a start every 100 ms at most. The server sees the first one late (it also opens
    // the connection), so the spacing is measured from the second. One arrival delayed by load makes one
    // short gap and one long one, so the median is judged (exact spacing: test/batch/request-gate.test.ts).
    const gaps = starts.slice(2).map((start, index) => start - starts[index + 1]!);
    const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
    expect(median, JSON.stringify(gaps)).toBeGreaterThanOrEqual(80);
    // A request already on its way when the 429 was sent may still arrive; none starts after that until retry-after has passed.
    expect(
      starts.filter((start) => start > throttledAt + 50 && start < throttledAt + 950),
      JSON.stringify(gaps),
    ).toEqual([]);
  });

  test('bad arguments name the flag and what is valid', async () => {
    const root = project();
    const cases: [string[], string][] = [
      [['--inputs', 'missing.jsonl', '--out', 'r.jsonl'], '--inputs missing.jsonl: no such file or directory'],
      [['--inputs', 'x', '--out', 'r.jsonl', '--concurrency', '0'], '--concurrency expects a whole number ≥ 1, got "0"'],
      [['--inputs', 'x', '--out', 'r.jsonl', '--rpm', 'fast'], '--rpm expects a whole number ≥ 1, got "fast"'],
      [['--out', 'r.jsonl'], "required option '--inputs <path>' not specified"],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(['batch', '.', ...args, '--model', 'test'], { cwd: root });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain(message);
    }
    const notResults = path.join(root, 'notes.jsonl');
    fs.writeFileSync(notResults, '{"some": "thing"}\n');
    const refused = await runCli(
      ['batch', '.', '--inputs', jsonl(root, ['"a"']), '--out', notResults, '--model', 'test', '--no-log', '--on-approval', 'deny'],
      { cwd: root },
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is not a line of llm-do batch results (it needs key, status, project and worker)');
    expect(fs.readFileSync(notResults, 'utf8')).toBe('{"some": "thing"}\n');
  });
});
