/**
 * `llm-do migrate` as a user runs it (docs/migrating.md): `check` of a Python-era project says to run
 * it; without a terminal it only shows the diff (exit 1); `--yes` writes, and the project then passes
 * `check` but for the Python tools migrate listed to port, and runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../project/fixture.ts';
import { REPO_ROOT, runCli } from './helpers/run-cli.ts';

function copyOf(name: string): string {
  const root = path.join(tempDir('llm-do-e2e-migrate-'), name);
  fs.cpSync(path.join(REPO_ROOT, 'test/fixtures/python-era', name), root, { recursive: true });
  return root;
}

describe('llm-do migrate', { timeout: 60_000 }, () => {
  test("from check's hint to a project that runs, but for the Python tools it lists", async () => {
    const root = copyOf('notes');
    const checked = await runCli(['check', '.'], { cwd: root });
    expect(checked.code).toBe(2);
    expect(checked.stdout).toContain(
      'main.worker:15:3: Python llm-do format: run llm-do migrate (toolsets.delegation: today toolsets.workers: {allowed_workers: [...]})',
    );
    expect(checked.stdout).not.toContain('must be false');

    const shown = await runCli(['migrate'], { cwd: root });
    expect(shown.code).toBe(1);
    expect(shown.stdout).toContain('+++ b/workers/repo_stats.worker\n');
    expect(shown.stderr).toContain('not written: stdin is not a terminal; run again with --yes to write these changes (2 files)\n');
    expect(fs.readFileSync(path.join(root, 'main.worker'), 'utf8')).toContain('delegation:');

    const written = await runCli(['migrate', '--yes'], { cwd: root });
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toBe(shown.stdout);
    expect(written.stderr).toContain('wrote 2 files; check the project with: llm-do check .\n');

    // What check still refuses is what migrate listed to port by hand: the custom tools of tools.py.
    const after = await runCli(['check', '.', '--json'], { cwd: root });
    expect(after.code, after.stdout).toBe(2);
    const errors = JSON.parse(after.stdout).diagnostics.filter((diagnostic: { severity: string }) => diagnostic.severity === 'error');
    expect(errors).toEqual([
      {
        severity: 'error',
        message: 'custom tool word_count listed in toolsets.custom.tools does not exist; available: none (no tool module was found)',
        file: 'main.worker',
      },
    ]);
    expect(written.stderr).toContain('tools.py: Python tools: port them to tools.ts');
    const run = await runCli(['.', '--entry', 'summarizer', 'notes', '--model', 'test'], { cwd: root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('test model: worker summarizer received "notes"');
  });

  test("the tool_rules era's shell rules keep their meaning once migrated: refused, unasked and asking as before", async () => {
    const root = copyOf('shell-rules');
    const written = await runCli(['migrate', '--yes'], { cwd: root });
    expect(written.code, written.stderr).toBe(0);
    fs.writeFileSync(
      path.join(root, 'script.yaml'),
      [
        '- match: { worker: main, turn: 1 }',
        '  respond: { tool_calls: [{ name: shell, args: { command: git push origin main } }, { name: sizer, args: { input: notes.txt } }] }',
        '- match: { worker: sizer, turn: 1 }',
        '  respond: { tool_calls: [{ name: shell, args: { command: wc -l notes.txt } }, { name: shell, args: { command: ls } }] }',
        '- match: { turn: 2 }',
        '  respond: { text: done }',
        '',
      ].join('\n'),
    );
    const run = await runCli(['.', 'sizes', '--model', 'scripted:script.yaml'], { cwd: root });
    // git push was refused by a rule; wc ran without asking; ls, which no rule matched, asked (and no terminal answers).
    expect(run.stderr).toContain('denied by rule: command not allowed: git push origin main (blocked by rule "git push")');
    expect(run.stderr).toMatch(/✓ shell \{"command":"wc -l notes\.txt"\}/);
    expect(run.stderr).toMatch(/⊘ denied shell \{"command":"ls"\} .*: approval needed for shell but no terminal/);
    expect(run.stderr).toContain('2 tool call(s) denied');
  });

  test("the last form's built-in toolsets keep their meaning once migrated: read-only commands unasked, others refused, writes asking", async () => {
    const root = copyOf('listed-toolsets');
    const written = await runCli(['migrate', '--yes'], { cwd: root });
    expect(written.code, written.stderr).toBe(0);
    fs.writeFileSync(
      path.join(root, 'script.yaml'),
      [
        '- match: { worker: main, turn: 1 }',
        '  respond:',
        '    tool_calls:',
        '      - { name: shell, args: { command: ls } }',
        '      - { name: shell, args: { command: rm main.worker } }',
        '      - { name: write_file, args: { path: /reviews/latest.md, content: ok } }',
        '      - { name: reviewer, args: { input: main.worker } }',
        '- match: { worker: reviewer }',
        '  respond: { text: fine }',
        '- match: { turn: 2 }',
        '  respond: { text: done }',
        '',
      ].join('\n'),
    );
    const run = await runCli(['.', 'review', '--model', 'scripted:script.yaml'], { cwd: root });
    expect(run.stderr).toMatch(/✓ shell \{"command":"ls"\}/);
    expect(run.stderr).toContain('denied by rule: command not allowed: rm main.worker; allowed: wc, find, grep');
    expect(run.stderr).toMatch(/⊘ denied write_file .*: approval needed for write_file but no terminal/);
    expect(run.stderr).toContain('◂ reviewer ✓');
    expect(fs.existsSync(path.join(root, 'main.worker'))).toBe(true);
  });
});
