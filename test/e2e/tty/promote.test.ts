/**
 * `llm-do promote` at a real terminal (docs/dynamic-workers.md): it shows the worker file, asks before writing, and
 * writes only on "y"; anything else writes nothing. Model-written text is shown escaped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir, writeTree } from '../../project/fixture.ts';
import { runCli } from '../helpers/run-cli.ts';
import { runInPty } from './pty.ts';

const MAIN = '---\nname: main\ntoolsets:\n  worker_factory: {}\n---\nYou make helpers.\n';
const SCRIPT = `
- match: { worker: main, turn: 1 }
  respond:
    tool_calls:
      - name: worker_create
        args: { name: helper, description: Helps., instructions: "Help with {{ input }}.\\u001b[31m red" }
- match: { worker: main, turn: 2 }
  respond: { text: done }
`;

async function projectWithRun(): Promise<{ root: string; home: string }> {
  const root = writeTree({ 'main.worker': MAIN, 'script.yaml': SCRIPT }, tempDir('llm-do-tty-promote-'));
  const home = tempDir('llm-do-tty-promote-home-');
  const run = await runCli(['.', 'go', '--model', 'scripted:script.yaml', '--approve-all'], { cwd: root, env: { LLM_DO_HOME: home } });
  expect(run.code, run.stderr).toBe(0);
  return { root, home };
}

describe('promote in a terminal', { timeout: 60_000 }, () => {
  test('shows the file, asks, and writes it on "y"', async () => {
    const { root, home } = await projectWithRun();
    const result = await runInPty(['promote', 'last', 'helper'], {
      cwd: root,
      env: { LLM_DO_HOME: home },
      steps: [{ expect: 'write it to workers/helper.worker? [y/N]' }, { send: 'y\r' }, { expect: 'wrote workers/helper.worker' }],
    });
    expect(result.error, result.screen).toBeNull();
    expect(result.code, result.screen).toBe(0);
    expect(result.screen).toContain('name: helper');
    // The escape the model wrote is shown, not played.
    expect(result.output).not.toContain('\u001b[31m red');
    expect(result.screen).toContain('\\x1b[31m red');
    expect(fs.readFileSync(path.join(root, 'workers/helper.worker'), 'utf8')).toContain('Help with {{ input }}.\u001b[31m red');
  });

  test('writes nothing on any other answer', async () => {
    const { root, home } = await projectWithRun();
    const result = await runInPty(['promote', 'last', 'helper'], {
      cwd: root,
      env: { LLM_DO_HOME: home },
      steps: [{ expect: '[y/N]' }, { send: '\r' }, { expect: 'not written' }],
    });
    expect(result.error, result.screen).toBeNull();
    expect(result.code).toBe(0);
    expect(fs.existsSync(path.join(root, 'workers/helper.worker'))).toBe(false);
  });
});
