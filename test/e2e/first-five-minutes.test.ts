/**
 * The first things a new user types (issue 21): `llm-do` alone and `llm-do help` give a short
 * overview with every command and an example of each; `llm-do help COMMAND` is that command's help;
 * `llm-do init .` fills the current directory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../project/fixture.ts';
import { runCli } from './helpers/run-cli.ts';

describe('the first five minutes', () => {
  test('llm-do alone, outside a project, and llm-do help print the overview: every command with an example (exit 0)', async () => {
    const alone = await runCli([], { cwd: tempDir('llm-do-e2e-alone-') });
    expect(alone.code, alone.stderr).toBe(0);
    const help = await runCli(['help']);
    expect(help.stdout).toBe(alone.stdout);
    const commands = alone.stdout.split('\nCommands:\n')[1]!.split('\n\n')[0]!.split('\n');
    const names = commands.filter((line) => /^ {2}\S/.test(line)).map((line) => line.trim().split(/\s+/)[0]);
    expect(names).toEqual(expect.arrayContaining(['init', 'check', 'test', 'batch', 'runs', 'help']));
    // Each command line is followed by its example.
    for (const name of names) {
      const at = commands.findIndex((line) => line.startsWith(`  ${name} `));
      expect(commands[at + 1], `example of ${name}`).toMatch(/^ {4,}llm-do /);
    }
    expect(alone.stdout).toContain('llm-do examples/greeter "hi" --model test');
  });

  test('llm-do help COMMAND is the help of that command; an unknown one is refused with a suggestion', async () => {
    const viaHelp = await runCli(['help', 'runs', 'show']);
    const viaFlag = await runCli(['runs', 'show', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    const unknown = await runCli(['help', 'bach']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no command "bach" (did you mean batch?)');
  });

  test('llm-do alone inside a project still runs it', async () => {
    const result = await runCli(['--model', 'test', '--no-log'], { cwd: path.resolve('examples/greeter') });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('test model: worker main received');
  });

  test('llm-do init . in a directory with a README fills it and the project checks and runs', async () => {
    const dir = path.join(tempDir('llm-do-e2e-initdot-'), 'notes-app');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'README.md'), '# notes\n');
    const init = await runCli(['init', '.'], { cwd: dir });
    expect(init.code, init.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'README.md'), 'utf8')).toBe('# notes\n');
    expect((await runCli(['check', '.'], { cwd: dir })).code).toBe(0);
    const again = await runCli(['init', '.'], { cwd: dir });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/refusing to overwrite .*main.worker.*: they already exist/);
  });

  test('llm-do doctor says what it found, never a key, and points at what is wrong', async () => {
    const home = tempDir('llm-do-e2e-doctor-');
    const env = { LLM_DO_HOME: home, ANTHROPIC_API_KEY: 'sk-ant-secret-value' };
    const ok = await runCli(['doctor'], { env });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('✓ node');
    expect(ok.stdout).toContain('anthropic: key from ANTHROPIC_API_KEY');
    expect(ok.stdout).toMatch(/usable now: anthropic, /);
    expect(ok.stdout + ok.stderr).not.toContain('sk-ant-secret-value');
    const json = JSON.parse((await runCli(['doctor', '--json'], { env })).stdout);
    expect(json.ok).toBe(true);
    expect(json.checks.map((check: { name: string }) => check.name)).toEqual([
      'node',
      'config',
      'keys',
      'providers',
      'run log',
      'caches',
      'shell isolation',
      'browser',
    ]);

    fs.writeFileSync(path.join(home, 'config.yaml'), 'modle: test\n');
    const broken = await runCli(['doctor'], { env });
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/✗ config .*config.yaml is malformed/);
    expect(broken.stdout).toContain('modle');
  });
});
