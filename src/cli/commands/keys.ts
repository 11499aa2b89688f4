/**
 * `llm-do keys set|list|remove PROVIDER` (docs/models.md): API keys stored in `$LLM_DO_HOME/keys.json`.
 * A key is read from a hidden prompt on a terminal or from piped stdin, never from the command line
 * (where the shell history and `ps` would see it), and no output ever shows one.
 */
import type { Readable, Writable } from 'node:stream';
import { UsageError } from '../../errors.ts';
import { BUILTIN_PROVIDERS } from '../../models/providers.ts';
import { findApiKey, providerSpecs } from '../../models/registry.ts';
import { readUserConfig, userConfigPath } from '../../project/user-config.ts';
import { createNodeFileSystem } from '../../sandbox/node-file-system.ts';
import { suggestionClause } from '../../worker-file/suggest.ts';
import { printError, printLine, type CliIO } from '../io.ts';
import { keysFilePath, PROVIDER_NAME, readStoredKeys, writeStoredKeys } from '../key-store.ts';
import { readStdin } from '../read-stdin.ts';
import { terminalSafeJson } from '../terminal-text.ts';
import { exitCodeOf } from './check.ts';

/** One row of `keys list`: whether a provider has a key and where it comes from. */
export interface KeyListing {
  provider: string;
  /** The environment variable the provider reads, if any. */
  env: string | null;
  /** `env` wins over `stored`; `none` when neither has a key. */
  source: 'env' | 'stored' | 'none';
  /** The provider works without a key (`openai-compatible`, a `providers:` entry without `api_key_env`). */
  optional: boolean;
}

/**
 * Where a provider's key comes from, in the words `keys list`, `models` and `doctor` all use:
 * `key from OPENAI_API_KEY`, `key stored (llm-do keys)`, `no key (optional: OPENAI_COMPATIBLE_API_KEY)`,
 * `no key (set ANTHROPIC_API_KEY or run llm-do keys set anthropic)`; `brief` leaves out what to do.
 */
export function describeKey(key: Omit<KeyListing, 'provider'> & { provider: string }, brief = false): string {
  if (key.source === 'env') return `key from ${key.env}`;
  if (key.source === 'stored') return 'key stored (llm-do keys)';
  if (key.optional) return brief ? 'no key (optional)' : `no key (optional${key.env ? `: ${key.env}` : ''})`;
  if (brief) return 'no key';
  return `no key (${key.env ? `set ${key.env} or ` : ''}run llm-do keys set ${key.provider})`;
}

/** Providers whose keys `keys` knows: built-ins that take one, the user config's, and every stored one. */
async function keyedProviders(io: CliIO, stored: Readonly<Record<string, string>>): Promise<Map<string, { keyEnv: string | undefined; optional: boolean }>> {
  const userConfig = await readUserConfig(createNodeFileSystem(), userConfigPath(io));
  const specs = providerSpecs(userConfig?.providers);
  const names = new Map<string, { keyEnv: string | undefined; optional: boolean }>();
  for (const [name, spec] of specs)
    if (spec.keyEnv !== undefined || !Object.hasOwn(BUILTIN_PROVIDERS, name)) names.set(name, { keyEnv: spec.keyEnv, optional: spec.keyOptional === true });
  for (const name of Object.keys(stored)) if (!names.has(name)) names.set(name, { keyEnv: undefined, optional: false });
  return names;
}

function checkProviderName(provider: string): void {
  if (!PROVIDER_NAME.test(provider)) throw new UsageError(`invalid provider name "${provider}": provider names use letters, digits, _ and - (e.g. anthropic)`);
}

/** Reads the key: a hidden prompt on a terminal, else all of stdin. */
async function readKey(provider: string, io: CliIO): Promise<string> {
  let key: string;
  if (io.stdin.isTTY) {
    const { password, isCancel } = await import('@clack/prompts');
    // The CLI's streams are process.stdin/stderr (or test doubles of them): Node streams.
    const answer = await password({ message: `API key for ${provider}`, input: io.stdin as Readable, output: io.stderr as Writable });
    if (isCancel(answer)) throw new UsageError('no key stored: the prompt was cancelled');
    key = answer;
  } else {
    key = await readStdin(io.stdin);
  }
  key = key.trim();
  if (key === '') throw new UsageError(`no key given for ${provider}: type it at the prompt, or pipe it in (e.g. llm-do keys set ${provider} < key.txt)`);
  if (/\s/.test(key)) throw new UsageError(`the key for ${provider} contains whitespace: pipe in the key alone, on one line`);
  return key;
}

/** `keys set PROVIDER`. */
export function runKeysSet(provider: string, io: CliIO): Promise<number> {
  return exitCodeOf(io, async () => {
    checkProviderName(provider);
    const stored = readStoredKeys(io);
    const known = await keyedProviders(io, stored);
    if (!known.has(provider)) {
      printError(
        io,
        `llm-do: note: ${provider} is not a built-in provider or one of $LLM_DO_HOME/config.yaml ${suggestionClause(provider, [...known.keys()], 'providers')}; the key is used by a provider of that name in a project.yaml`,
      );
    }
    const key = await readKey(provider, io);
    writeStoredKeys(io, { ...stored, [provider]: key });
    printError(io, `stored the key for ${provider} in ${keysFilePath(io)}`);
    const keyEnv = known.get(provider)?.keyEnv;
    if (findApiKey(provider, keyEnv, io.env)?.source === 'env') printError(io, `llm-do: note: ${keyEnv} is set and wins over the stored key`);
  });
}

/** Every provider that takes a key, and where its key comes from (never the key). */
export async function keyListing(io: CliIO): Promise<KeyListing[]> {
  const stored = readStoredKeys(io);
  return [...(await keyedProviders(io, stored))].map(([provider, { keyEnv, optional }]) => ({
    provider,
    env: keyEnv ?? null,
    source: findApiKey(provider, keyEnv, io.env, stored)?.source ?? 'none',
    optional,
  }));
}

/** Options of `keys list`. */
export interface KeysListOptions {
  json?: boolean;
}

/** `keys list [--json]`. */
export function runKeysList(options: KeysListOptions, io: CliIO): Promise<number> {
  return exitCodeOf(
    io,
    async () => {
      const rows = await keyListing(io);
      if (options.json) {
        printLine(io, terminalSafeJson({ file: keysFilePath(io), keys: rows }, 2));
        return;
      }
      const width = Math.max(...rows.map((row) => row.provider.length));
      for (const row of rows) {
        printLine(io, `${row.provider.padEnd(width)}  ${describeKey(row)}`);
      }
    },
    options.json,
  );
}

/** `keys remove PROVIDER`. */
export function runKeysRemove(provider: string, io: CliIO): Promise<number> {
  return exitCodeOf(io, async () => {
    checkProviderName(provider);
    const stored = readStoredKeys(io);
    if (!Object.hasOwn(stored, provider)) {
      const names = Object.keys(stored);
      throw new UsageError(
        `no stored key for ${provider} ${names.length === 0 ? '(no keys are stored)' : suggestionClause(provider, names, 'providers with a stored key')}`,
      );
    }
    writeStoredKeys(io, Object.fromEntries(Object.entries(stored).filter(([name]) => name !== provider)));
    printError(io, `removed the stored key for ${provider} from ${keysFilePath(io)}`);
  });
}
