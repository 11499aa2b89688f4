/**
 * The run log opened while the first model request is in flight (issue 14, docs/runs.md): through
 * the built CLI, a log whose file looks right but whose database cannot be opened still stops the
 * run with `run-log-unusable` (exit 2) before the tool the model asked for runs. Ten first runs
 * creating a new log at once are in test/e2e/runs.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from './helpers/run-cli.ts';
import { ANTHROPIC, closeServers, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-deferred-log-'));
const freshHome = () => fs.mkdtempSync(path.join(tmp, 'home-'));

/** A worker with a writable `/output`; returns the project and where a write lands. */
function writerProject(): { dir: string; written: string } {
  const dir = fs.mkdtempSync(path.join(tmp, 'project-'));
  fs.mkdirSync(path.join(dir, 'output'));
  fs.writeFileSync(
    path.join(dir, 'main.worker'),
    '---\nname: main\nsandbox:\n  paths:\n    output: { root: ./output, mode: rw }\ntoolsets:\n  filesystem: {}\n---\nWrite it.\n',
  );
  return { dir, written: path.join(dir, 'output', 'x.txt') };
}

const writeThenAnswer = (request: { toolResults: unknown[] }) =>
  request.toolResults.length === 0 ? { toolCalls: [{ name: 'write_file', args: { path: '/output/x.txt', content: 'x' } }] } : { text: 'wrote it' };

describe('the run log opened during the first request', () => {
  test('a database that cannot be opened ends the run with run-log-unusable before any tool runs', async () => {
    const { env, server } = await scripted(writeThenAnswer);
    const { dir, written } = writerProject();
    const home = freshHome();
    // A SQLite header (so the cheap check before the run passes) with an impossible page size.
    const header = Buffer.alloc(100);
    header.write('SQLite format 3\0', 'latin1');
    header.writeUInt16BE(3, 16);
    fs.writeFileSync(path.join(home, 'runs.db'), header);
    for (const json of [false, true]) {
      const result = await runCli([dir, 'go', '--model', ANTHROPIC.model, '--approve-all', ...(json ? ['--json'] : [])], { env: { ...env, LLM_DO_HOME: home } });
      expect(result.code, result.stderr).toBe(2);
      if (json) expect(JSON.parse(result.stdout)).toMatchObject({ status: 'error', error: expect.stringContaining('cannot use the run log') });
      else expect(result.stderr).toContain(`${path.join(home, 'runs.db')}: cannot use the run log`);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stdout).not.toContain('wrote it');
    }
    expect(fs.existsSync(written)).toBe(false);
    // Each run made its first request (the log was opened during it) and no second one.
    expect(server.requests).toHaveLength(2);
  });
});
