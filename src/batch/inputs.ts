/**
 * The inputs of `llm-do batch` (docs/batch.md): the lines of a JSONL file or the files of a directory,
 * each keyed by a hash of its content, so a rerun knows what is already done whatever the order.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { UsageError } from '../errors.ts';

/** One input of a batch. */
export interface BatchInput {
  /** Hash of the content: equal inputs share it (one is run, the others are duplicates). */
  key: string;
  /** Where it came from, for messages and the results: `line 7` or `file report.txt`. */
  source: string;
  /** What the results show as the input: the line's value, the raw text of a malformed line, or `{file}`. */
  shown: unknown;
  /** The run's input: text, or an object checked against the entry's `schema_in`. */
  input?: string | Record<string, unknown>;
  /** A directory's file that is not text: attached to the entry's request (its attachment policy decides). */
  attachment?: string;
  /** Why this input cannot be run (a malformed line): it is recorded as `invalid` and the batch goes on. */
  invalid?: string;
}

/** Largest file of an inputs directory given to the worker as text; larger or binary files are attached. */
const MAX_TEXT_FILE_BYTES = 1024 * 1024;

/** Reads `path`: a directory's files, else a JSONL file's lines. */
export async function readBatchInputs(path: string, shownPath: string): Promise<BatchInput[]> {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch (error) {
    throw new UsageError(
      `--inputs ${shownPath}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : (error as Error).message}; give a JSONL file (one input a line) or a directory (one input a file)`,
    );
  }
  return isDirectory ? directoryInputs(path) : jsonlInputs(path);
}

/** `sha256:` and the first 32 hex digits (128 bits) of the hash of `data`. */
export function contentKey(data: string | Uint8Array): string {
  return `sha256:${createHash('sha256').update(data).digest('hex').slice(0, 32)}`;
}

async function jsonlInputs(path: string): Promise<BatchInput[]> {
  const inputs: BatchInput[] = [];
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let number = 0;
  for await (const text of lines) {
    number += 1;
    if (text.trim() === '') continue;
    inputs.push(lineInput(text, number));
  }
  return inputs;
}

/** One JSONL line: a JSON string (text input) or object (structured input); anything else is invalid. */
export function lineInput(text: string, number: number): BatchInput {
  const source = `line ${number}`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      key: contentKey(text),
      source,
      shown: text,
      invalid: `${source}: not valid JSON (${(error as Error).message}); each line is one input: a JSON string or object`,
    };
  }
  if (typeof value === 'string' || (typeof value === 'object' && value !== null && !Array.isArray(value))) {
    return { key: contentKey(canonicalJson(value)), source, shown: value, input: value as string | Record<string, unknown> };
  }
  const got = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
  return {
    key: contentKey(text),
    source,
    shown: value,
    invalid: `${source}: expected a JSON string (text input) or object (checked against schema_in), got ${got}`,
  };
}

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are one input. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/**
 * A directory's regular files, by name (hidden files and subdirectories are left out): a UTF-8 text
 * file up to 1 MiB is the input text; any other file is attached, with its name as the input.
 */
function directoryInputs(dir: string): BatchInput[] {
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  return names.map((name) => {
    const file = join(dir, name);
    const data = readFileSync(file);
    const source = `file ${name}`;
    const text = data.length <= MAX_TEXT_FILE_BYTES ? utf8Text(data) : undefined;
    return text === undefined
      ? { key: contentKey(data), source, shown: { file: name }, input: name, attachment: file }
      : { key: contentKey(data), source, shown: { file: name }, input: text };
  });
}

function utf8Text(data: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return undefined;
  }
}
