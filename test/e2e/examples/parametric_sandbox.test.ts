/**
 * examples/parametric_sandbox: a summarizer whose `/folder` mount is `${dir}` from its schema_in,
 * bound at each call to the caller's folder, with the caller's mode there.
 *
 * Guards: changing the summarizer's root from `${dir}` to a fixed path fails the README's offline
 * run (and the test cases: the writes land elsewhere); dropping `dir` from its schema_in fails
 * `check`; giving main's /archive `mode: rw` fails the read-only case of its test file.
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT, runCli } from '../helpers/run-cli.ts';
import { expectCheckPasses } from '../helpers/check-example.ts';

const EXAMPLE = path.join(REPO_ROOT, 'examples/parametric_sandbox');
const ENTRY = ['--entry', 'summarizer', '--model', 'test', '--no-log'];

describe.concurrent('examples/parametric_sandbox', () => {
  test('llm-do check passes', () => expectCheckPasses(EXAMPLE, 2));

  test('runs offline as in its README, from the repository root', async () => {
    const result = await runCli(['examples/parametric_sandbox', '--input', '{"dir": "drafts/alpha"}', ...ENTRY], { cwd: REPO_ROOT });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      'test model: worker summarizer received "{ \\"dir\\": \\"drafts/alpha\\" }" (tools: list_files, read_file, write_file, edit_file, delete_file, file_info)\n',
    );
  });

  test('a directory outside the project is an input error naming the field, as in its README', async () => {
    const result = await runCli([EXAMPLE, '--input', '{"dir": "../"}', ...ENTRY]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'llm-do: input field dir of worker summarizer (the directory of its mount /folder): "../" is outside the project; give a directory inside the project (relative to its root), or grant it with --mount NAME=DIR\n',
    );
  });

  test('a read-only folder of the project leaves the directly run summarizer without write tools', async () => {
    const result = await runCli([EXAMPLE, '--input', '{"dir": "archive/2024"}', ...ENTRY, '--mount', `archive=${path.join(EXAMPLE, 'archive')}:ro`]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('(tools: list_files, read_file, file_info)');
  });
});
