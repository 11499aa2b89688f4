/** `llm-do migrate` at a real terminal (docs/migrating.md): it shows the diff, asks, and writes only on "y". */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../../project/fixture.ts';
import { REPO_ROOT } from '../helpers/run-cli.ts';
import { runInPty } from './pty.ts';

function copyOf(name: string): string {
  const root = path.join(tempDir('llm-do-tty-migrate-'), name);
  fs.cpSync(path.join(REPO_ROOT, 'test/fixtures/python-era', name), root, { recursive: true });
  return root;
}

describe('migrate in a terminal', { timeout: 60_000 }, () => {
  test('shows the diff, asks, and writes on "y"', async () => {
    const root = copyOf('rules');
    const result = await runInPty(['migrate'], {
      cwd: root,
      steps: [{ expect: 'write these changes (3 files)? [y/N]' }, { send: 'y\r' }, { expect: 'wrote 3 files' }],
    });
    expect(result.error, result.screen).toBeNull();
    expect(result.code, result.screen).toBe(0);
    expect(result.screen).toContain('rename to workers/reporter.worker');
    expect(fs.existsSync(path.join(root, 'workers/reporter.worker'))).toBe(true);
  });

  test('writes nothing on any other answer, and exits 1', async () => {
    const root = copyOf('rules');
    const result = await runInPty(['migrate'], { cwd: root, steps: [{ expect: '[y/N]' }, { send: 'n\r' }, { expect: 'not written' }] });
    expect(result.error, result.screen).toBeNull();
    expect(result.code).toBe(1);
    expect(fs.existsSync(path.join(root, 'reporter.worker'))).toBe(true);
  });
});
