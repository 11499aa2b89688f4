import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { openResultsFile, type BatchResult } from '../../src/batch/results-file.ts';
import { tempDir } from '../project/fixture.ts';

const TARGET = { project: 'p', worker: 'main' };
const result = (key: string, status: BatchResult['status'] = 'ok'): BatchResult => ({ key, source: 'line 1', ...TARGET, input: key, status });

describe('batch results file', () => {
  test('appends whole lines; reopened, the last line of each key wins', () => {
    const file = path.join(tempDir(), 'r.jsonl');
    const out = openResultsFile(file, 'r.jsonl', TARGET);
    out.append(result('a', 'paused'));
    out.append(result('b'));
    out.append(result('a'));
    out.close();
    const again = openResultsFile(file, 'r.jsonl', TARGET);
    expect([...again.latest.entries()].map(([key, value]) => [key, value.status])).toEqual([
      ['a', 'ok'],
      ['b', 'ok'],
    ]);
    again.close();
  });

  test('a half-written last line (a crash mid-write) is cut off; the whole lines stay', () => {
    const file = path.join(tempDir(), 'r.jsonl');
    fs.writeFileSync(file, `${JSON.stringify(result('a'))}\n{"key":"b","sta`);
    const out = openResultsFile(file, 'r.jsonl', TARGET);
    expect([...out.latest.keys()]).toEqual(['a']);
    out.append(result('b'));
    out.close();
    expect(
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).key),
    ).toEqual(['a', 'b']);
  });

  test("a second batch on the same file is refused while the first holds it; a dead holder's lock is taken over", () => {
    const file = path.join(tempDir(), 'r.jsonl');
    const first = openResultsFile(file, 'r.jsonl', TARGET);
    fs.writeFileSync(`${file}.lock`, `${process.ppid}\n`);
    expect(() => openResultsFile(file, 'r.jsonl', TARGET)).toThrow(`--out r.jsonl is being written by another llm-do batch (pid ${process.ppid}`);
    first.close();
    fs.writeFileSync(`${file}.lock`, '999999999\n');
    const second = openResultsFile(file, 'r.jsonl', TARGET);
    second.close();
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  test('a line that is not a result refuses the file, naming the line, and changes nothing', () => {
    const file = path.join(tempDir(), 'r.jsonl');
    const text = `${JSON.stringify(result('a'))}\nhello\n`;
    fs.writeFileSync(file, text);
    expect(() => openResultsFile(file, 'r.jsonl', TARGET)).toThrow('--out r.jsonl:2 is not a line of llm-do batch results (not JSON)');
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });
});
