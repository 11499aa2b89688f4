/**
 * A run journal's line (src/run-log/journal-line.ts): the JSON of its operations compressed on its
 * own, one line of base64 behind `z`; a plain JSON line (journal format 1) reads as it is; a
 * damaged compressed line is refused.
 */
import { describe, expect, test } from 'vitest';
import { decodeJournalLine, encodeJournalLine } from '../../src/run-log/journal-line.ts';

const operations = JSON.stringify([
  [
    'event',
    {
      v: 1,
      type: 'model_step',
      seq: 4,
      ts: '2026-11-28T10:22:47.530Z',
      run_id: 'r1',
      call_id: 'c1',
      parent_call_id: null,
      worker: 'main',
      chain: ['main'],
      text: 'a line\nand "quotes" and ünïcödé ✓',
    },
  ],
  ['delta', { state_version: 2, run_id: 'r1' }, '2026-11-28T10:22:47.530Z'],
]);

describe('journal lines', () => {
  test('keep the JSON exactly, on one line, smaller', () => {
    const line = encodeJournalLine(operations);
    expect(line).toMatch(/^z[A-Za-z0-9+/=]+$/);
    expect(line.length).toBeLessThan(operations.length);
    expect(decodeJournalLine(line)).toBe(operations);
  });

  test('a plain JSON line, as format 1 wrote it, reads as it is', () => {
    expect(decodeJournalLine(operations)).toBe(operations);
  });

  test('a damaged compressed line is refused, not read as something else', () => {
    const line = encodeJournalLine(operations);
    expect(() => decodeJournalLine(`${line.slice(0, 20)}${line.slice(40)}`)).toThrow();
  });
});
