/** `llm-do keys set` at a real terminal (docs/models.md): the key is asked for with a hidden prompt and never echoed. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { runInPty } from './pty.ts';

describe('keys set in a terminal', () => {
  test('asks with a masked prompt, stores the key 0600, and never shows it', async () => {
    const home = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-tty-keys-')), 'home');
    const key = 'sk-typed-at-the-terminal-5e6f';
    const result = await runInPty(['keys', 'set', 'anthropic'], {
      env: { LLM_DO_HOME: home },
      steps: [{ expect: 'API key for anthropic' }, { send: `${key}\r` }, { expect: 'stored the key for anthropic' }],
    });

    expect(result.error).toBeNull();
    expect(result.code, result.screen).toBe(0);
    expect(result.output).not.toContain(key);
    expect(JSON.parse(fs.readFileSync(path.join(home, 'keys.json'), 'utf8'))).toEqual({ anthropic: key });
    expect(fs.statSync(path.join(home, 'keys.json')).mode & 0o777).toBe(0o600);
  });
});
