/** Files named on the command line are read only when they are regular files: never a FIFO or a device. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadCassette } from '../../src/models/cassette-file.ts';
import { readRegularFileText } from '../../src/models/regular-file.ts';
import { loadScriptedModel } from '../../src/models/script-file.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-regular-'));
const fifo = path.join(dir, 'fifo');
execFileSync('mkfifo', [fifo]);
const script = path.join(dir, 'script.yaml');
fs.writeFileSync(script, 'rules:\n  - respond: {text: hi}\n');

describe('readRegularFileText', () => {
  test('reads a regular file', () => {
    expect(readRegularFileText(script)).toContain('respond');
  });

  test.each([
    ['a FIFO (no writer: reading it would hang)', fifo, 'a FIFO'],
    ['/dev/zero', '/dev/zero', 'a device'],
    ['a directory', dir, 'a directory'],
  ])('refuses %s at once', (_what, file, kind) => {
    expect(() => readRegularFileText(file)).toThrow(`not a regular file (${kind}); name a file`);
  });
});

describe('the files of --model scripted:FILE and --replay FILE', () => {
  test('a FIFO is refused with the file and what is expected, not waited on', async () => {
    await expect(loadScriptedModel(fifo)).rejects.toThrow(
      `scripted model ${fifo}: not a regular file (a FIFO); name a file (scripted:FILE names a YAML or JSON script, relative to the current directory)`,
    );
    expect(() => loadCassette(fifo)).toThrow(`--replay ${fifo}: not a regular file (a FIFO); name a file`);
  });
});
