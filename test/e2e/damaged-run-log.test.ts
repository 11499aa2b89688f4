/**
 * A `runs.db` with damaged pages but an intact header (issue 35): every command that reads it
 * refuses it with exit 2, naming the file and the way out, `--json` included, and never a stack
 * trace; `llm-do doctor` finds it with SQLite's quick_check.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT, runCli } from './helpers/run-cli.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-damaged-'));

/** A home whose run log holds two runs, with the first page of table `runs` overwritten. */
async function damagedHome(): Promise<string> {
  const home = fs.mkdtempSync(path.join(tmp, 'home-'));
  for (let run = 0; run < 2; run++) {
    const result = await runCli([path.join(REPO_ROOT, 'examples/greeter'), 'Ada', '--model', 'test'], { env: { LLM_DO_HOME: home } });
    expect(result.code, result.stderr).toBe(0);
  }
  expect((await runCli(['runs'], { env: { LLM_DO_HOME: home } })).code).toBe(0);
  const file = path.join(home, 'runs.db');
  const db = new Database(file);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const { rootpage } = db.prepare(`SELECT rootpage FROM sqlite_schema WHERE name = 'runs'`).get() as { rootpage: number };
  const pageSize = Number((db.prepare('PRAGMA page_size').raw().all()[0] as number[])[0]);
  db.close();
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.alloc(64, 0xff), 0, 64, (rootpage - 1) * pageSize);
  fs.closeSync(fd);
  return home;
}

describe('a damaged run log', { timeout: 60_000 }, () => {
  test('runs, runs show and resume refuse it with exit 2 naming the file and the way out, --json too; doctor finds it', async () => {
    const home = await damagedHome();
    const file = path.join(home, 'runs.db');
    const env = { LLM_DO_HOME: home };
    for (const args of [['runs'], ['runs', 'show', 'last'], ['resume', 'last']]) {
      const result = await runCli(args, { env });
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toContain(`${file}: cannot use the run log: the file is damaged (`);
      expect(result.stderr).toContain(`mv ${file} ${file}.old`);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    for (const args of [
      ['runs', '--json'],
      ['runs', 'show', 'last', '--json'],
    ]) {
      const result = await runCli(args, { env });
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2);
      expect(JSON.parse(result.stdout).error).toContain(`${file}: cannot use the run log: the file is damaged (`);
    }
    const doctor = await runCli(['doctor', '--json'], { env });
    expect(doctor.code).toBe(1);
    expect(JSON.parse(doctor.stdout).checks).toContainEqual(
      expect.objectContaining({ name: 'run log', ok: false, hint: expect.stringContaining('the file is damaged') }),
    );
  });

  test('a text value that is not UTF-8 (libsql panicked on it, exit 134 with a stack trace) is refused with exit 2; doctor finds it', async () => {
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    const env = { LLM_DO_HOME: home };
    expect((await runCli([path.join(REPO_ROOT, 'examples/greeter'), 'Ada', '--model', 'test'], { env })).code).toBe(0);
    expect((await runCli(['runs'], { env })).code).toBe(0);
    const file = path.join(home, 'runs.db');
    const db = new Database(file);
    db.exec(`UPDATE model_requests SET text = CAST(X'FF' AS TEXT)`);
    db.close();
    for (const args of [
      ['runs', 'show', 'last'],
      ['runs', 'show', 'last', '--json'],
    ]) {
      const result = await runCli(args, { env });
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stdout + result.stderr).toContain(
        `${file}: cannot use the run log: the file is damaged (a text value in table model_requests is not UTF-8)`,
      );
      expect(result.stderr).not.toContain('panicked');
    }
    const doctor = await runCli(['doctor', '--json'], { env });
    expect(doctor.code).toBe(1);
    expect(JSON.parse(doctor.stdout).checks).toContainEqual(expect.objectContaining({ name: 'run log', ok: false }));
  });
});
