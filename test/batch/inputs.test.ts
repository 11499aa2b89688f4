import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { contentKey, lineInput, readBatchInputs } from '../../src/batch/inputs.ts';
import { tempDir, writeTree } from '../project/fixture.ts';

describe('batch inputs', () => {
  test('an object input has one key whatever the order of its fields; text and objects differ', () => {
    const a = lineInput('{"a": 1, "b": {"y": 2, "x": 1}}', 1);
    const b = lineInput('{"b": {"x": 1, "y": 2}, "a": 1}', 9);
    expect(a.key).toBe(b.key);
    expect(a.key).not.toBe(lineInput('"{\\"a\\":1}"', 2).key);
    expect(b.source).toBe('line 9');
  });

  test('a line that is not JSON, or JSON that is not a string or object, is invalid with its line number', () => {
    expect(lineInput('{oops', 3)).toMatchObject({ invalid: expect.stringMatching(/^line 3: not valid JSON/), shown: '{oops' });
    expect(lineInput('null', 4).invalid).toContain('line 4: expected a JSON string (text input) or object (checked against schema_in), got null');
    expect(lineInput('[1]', 5).invalid).toContain('got an array');
  });

  test('a directory: text files are the input, binary files are attached, hidden files left out', async () => {
    const dir = writeTree({ 'b.txt': 'bee', 'a.md': 'ay', '.env': 'SECRET=1' });
    fs.writeFileSync(path.join(dir, 'c.bin'), Buffer.from([0xff, 0xfe, 0x00, 0x81]));
    const inputs = await readBatchInputs(dir, 'inbox');
    expect(inputs.map((input) => [input.source, input.input, input.attachment ?? null])).toEqual([
      ['file a.md', 'ay', null],
      ['file b.txt', 'bee', null],
      ['file c.bin', 'c.bin', path.join(dir, 'c.bin')],
    ]);
    expect(inputs[1]!.key).toBe(contentKey('bee'));
  });

  test('a missing path names the flag and what would be valid', async () => {
    await expect(readBatchInputs(path.join(tempDir(), 'nope'), 'nope.jsonl')).rejects.toThrow(
      '--inputs nope.jsonl: no such file or directory; give a JSONL file',
    );
  });
});
