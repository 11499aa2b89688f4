/**
 * Scripting surface of the CLI (in-process): `--help` of every command and subcommand has examples;
 * unknown flags and missing arguments exit 2 with that command's usage line.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import type { CliIO } from '../../../src/cli/io.ts';
import { main } from '../../../src/cli/main.ts';

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = new PassThrough().on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const err = new PassThrough().on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const io: CliIO = { stdout: out, stderr: err, stdin: new PassThrough(), env: {}, cwd: process.cwd(), homeDir: '/nonexistent-home' };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

const COMMANDS = [[], ['chat'], ['check'], ['list'], ['init'], ['lib'], ['lib', 'install'], ['lib', 'list'], ['lib', 'remove'], ['lib', 'info']];

describe('help and usage errors', () => {
  for (const command of COMMANDS) {
    test(`llm-do ${[...command, '--help'].join(' ')} prints usage and examples on stdout, exit 0`, async () => {
      const result = await cli([...command, '--help']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Usage: llm-do${command.length ? ` ${command.join(' ')}` : ''}`);
      expect(result.stdout).toMatch(/Examples?:\n {2}llm-do /);
    });
  }

  test('an unknown flag names it, suggests the close one, and shows the usage line (exit 2)', async () => {
    const result = await cli(['check', '--jsn']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: unknown option \'--jsn\'\n(Did you mean --json?)\nusage: llm-do check [options] [dir]\n(run "llm-do check --help" for details and examples)\n',
    );
    expect(result.stdout).toBe('');
  });

  test("a missing argument of a subcommand shows that subcommand's usage line (exit 2)", async () => {
    const result = await cli(['lib', 'install']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error: missing required argument 'path'\nusage: llm-do lib install [options] <path>\n");
  });
});
