/**
 * Stored API keys (docs/models.md): `$LLM_DO_HOME/keys.json`, `{ "PROVIDER": "KEY" }`, readable by its
 * owner only. Written whole to a new owner-only file that then replaces the old one, so no reader
 * ever sees half a file and no copy is ever readable by others. No message here quotes the file's
 * content: a broken file may hold a key.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { ProjectError } from '../errors.ts';
import type { CliIO } from './io.ts';
import { llmDoHome } from './llm-do-home.ts';

type HomeIO = Pick<CliIO, 'env' | 'homeDir' | 'cwd'>;

/** Provider names as the manifest's `providers:` allows them. */
export const PROVIDER_NAME = /^[A-Za-z0-9_-]+$/;

/** `$LLM_DO_HOME/keys.json`. */
export function keysFilePath(io: HomeIO): string {
  return join(llmDoHome(io), 'keys.json');
}

/**
 * The stored keys by provider; `{}` when there is no file.
 *
 * @throws ProjectError `invalid-keys-file` naming the file (and line or provider) of a malformed one.
 */
export function readStoredKeys(io: HomeIO): Record<string, string> {
  const file = keysFilePath(io);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw invalid(file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const offset = jsonErrorOffset(text, (error as Error).message);
    const line = offset === undefined ? undefined : text.slice(0, offset).split('\n').length;
    throw invalid(file, 'is not valid JSON', line);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(file, 'is not a JSON object');
  const keys: Record<string, string> = {};
  for (const [provider, key] of Object.entries(value)) {
    if (!PROVIDER_NAME.test(provider)) throw invalid(file, `has an entry whose name is not a provider name (letters, digits, _ and -)`);
    if (typeof key !== 'string' || key.trim() === '')
      throw invalid(file, `has no usable key for ${provider} (expected a non-empty string)`, undefined, provider);
    keys[provider] = key;
  }
  return keys;
}

/** Replaces the keys file with `keys`, creating `$LLM_DO_HOME` (owner-only) if needed. */
export function writeStoredKeys(io: HomeIO, keys: Readonly<Record<string, string>>): void {
  const file = keysFilePath(io);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  // `wx`: a new file (never an existing one or a planted symlink), owner-only from its first byte.
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(keys, null, 2)}\n`);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temp, file);
  } catch (error) {
    try {
      closeSync(fd);
    } catch {
      // Already closed.
    }
    unlinkSync(temp);
    throw error;
  }
}

function invalid(file: string, problem: string, line?: number, field?: string): ProjectError {
  return new ProjectError(
    'invalid-keys-file',
    `the keys file ${problem}: expected a JSON object of provider names to keys, e.g. {"anthropic": "..."}; fix it or remove it and run llm-do keys set PROVIDER again`,
    { file, ...(line === undefined ? {} : { line }), ...(field === undefined ? {} : { field }) },
  );
}

/**
 * Where `JSON.parse` stopped, from its message (V8 gives a position, or a snippet around an
 * unexpected token, which is located in the text but never shown).
 */
function jsonErrorOffset(text: string, message: string): number | undefined {
  const position = /at position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  // `Unexpected token 's', ..."thropic": sk-ant-sto"... is not valid JSON`: 10 characters each side.
  const token = /^Unexpected token '(.+?)', (\.\.\.)?"([\s\S]*?)"(?:\.\.\.)? is not valid JSON$/.exec(message);
  if (token) {
    const start = text.indexOf(token[3]!);
    if (start !== -1) return start + (token[2] ? 10 : Math.max(0, token[3]!.indexOf(token[1]!)));
  }
  return /end of JSON input/.test(message) ? text.length : undefined;
}
