/**
 * `llm-do doctor [--json]`: one screen answering "why doesn't it work on my machine": the Node
 * version, where llm-do keeps its config, keys (present or not, never their values), run log (and
 * whether SQLite's quick_check finds it sound) and caches, whether shell commands can be isolated (bubblewrap) and a browser is there, and which
 * providers can be used as configured. Each problem comes with what to do. Exit 1 when something
 * llm-do needs is missing (an unsupported Node, a damaged run log), else 0.
 */
import { posix } from 'node:path';
import { providerSpecs } from '../../models/registry.ts';
import { readUserConfig, userConfigPath } from '../../project/user-config.ts';
import { createNodeFileSystem } from '../../sandbox/node-file-system.ts';
import type { FileSystem } from '../../sandbox/file-system.ts';
import { canRunBwrap } from '../../tools/shell/process.ts';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.ts';
import { printLine, type CliIO } from '../io.ts';
import { llmDoHome } from '../llm-do-home.ts';
import { openRunLogDatabase, runLogPath } from '../run-setup.ts';
import { terminalSafeJson } from '../terminal-text.ts';
import { VERSION } from '../version.ts';
import { describeKey, keyListing } from './keys.ts';

/** The oldest Node this version supports (package.json `engines`). */
const MIN_NODE = [20, 19] as const;

interface Check {
  name: string;
  ok: boolean;
  /** What was found. */
  detail: string;
  /** What to do about it, when not ok. */
  hint?: string;
  /** Not ok, but llm-do works without it. */
  optional?: boolean;
}

/** Options of `doctor`. */
export interface DoctorOptions {
  json?: boolean;
}

export async function runDoctor(options: DoctorOptions, io: CliIO): Promise<number> {
  const fs = createNodeFileSystem();
  const home = llmDoHome(io);
  const configFile = userConfigPath(io);
  const config = await readUserConfig(fs, configFile).catch((error: Error) => error);
  const keys = await keyListing(io).catch(() => []);
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  const nodeOk = major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
  const runLog = await fs.stat(runLogPath(io));
  const runLogDamage = runLog && runLog.size > 0 ? await runLogProblem(io) : undefined;
  const cacheBytes = await sizeOf(fs, posix.join(home, 'cache'));
  const bwrap = await canRunBwrap();
  const browser = await findOnPath(fs, io.env.PATH ?? '', ['chromium', 'chromium-browser', 'google-chrome']);
  const providers = usableProviders(keys, config instanceof Error ? undefined : config?.providers);

  const checks: Check[] = [
    {
      name: 'node',
      ok: nodeOk,
      detail: `Node ${process.versions.node}, llm-do ${VERSION}`,
      ...(nodeOk ? {} : { hint: `llm-do needs Node ${MIN_NODE.join('.')} or later` }),
    },
    {
      name: 'config',
      ok: !(config instanceof Error),
      detail: `$LLM_DO_HOME is ${home}; ${configFile} ${config instanceof Error ? 'is malformed' : config ? 'is read' : 'does not exist (optional)'}`,
      ...(config instanceof Error ? { hint: config.message } : {}),
    },
    {
      name: 'keys',
      ok: keys.some((key) => key.source !== 'none'),
      optional: true,
      detail: keys.map((key) => `${key.provider}: ${describeKey(key, true)}`).join('; '),
      hint: 'no provider has a key: run llm-do keys set PROVIDER (or set its environment variable); --model test works without one',
    },
    { name: 'providers', ok: providers.length > 0, detail: `usable now: ${providers.join(', ')}` },
    {
      name: 'run log',
      ok: runLogDamage === undefined,
      detail: runLog ? `${runLogPath(io)} (${megabytes(runLog.size)})` : `${runLogPath(io)} (not created yet: the first run creates it)`,
      ...(runLogDamage === undefined ? {} : { hint: runLogDamage }),
    },
    { name: 'caches', ok: true, detail: `${posix.join(home, 'cache')} (${megabytes(cacheBytes)})` },
    {
      name: 'shell isolation',
      ok: bwrap,
      optional: true,
      detail: bwrap ? 'bubblewrap works: shell commands run isolated' : 'bubblewrap (bwrap) is missing or cannot create namespaces here',
      hint: 'workers with the shell toolset then refuse to run unless they set isolation: none; install it: apt-get install bubblewrap',
    },
    {
      name: 'browser',
      ok: browser !== undefined,
      optional: true,
      detail: browser ?? 'no chromium on PATH',
      hint: 'only llm-do’s own browser tests need one: apt-get install chromium',
    },
  ];
  const failed = checks.filter((check) => !check.ok && !check.optional);
  if (options.json) {
    printLine(io, terminalSafeJson({ ok: failed.length === 0, checks: checks.map(({ hint, ...check }) => ({ ...check, ...(check.ok ? {} : { hint }) })) }, 2));
  } else {
    const width = Math.max(...checks.map((check) => check.name.length));
    for (const check of checks) {
      const mark = check.ok ? '✓' : check.optional ? '!' : '✗';
      printLine(io, `${mark} ${check.name.padEnd(width)}  ${check.detail}`);
      if (!check.ok && check.hint) printLine(io, `  ${' '.repeat(width)}  → ${check.hint}`);
    }
  }
  return failed.length === 0 ? EXIT_OK : EXIT_FAILED;
}

/** Providers a run can use as configured: those that need no key, and those that have one. */
/** What makes the run log unusable (opening it, SQLite's quick_check of every page, then every text value read as bytes), or undefined. */
async function runLogProblem(io: CliIO): Promise<string | undefined> {
  try {
    const { db, store } = await openRunLogDatabase(io);
    try {
      store.checkRunLogIntegrity(db, runLogPath(io));
      store.checkRunLogText(db);
    } finally {
      db.close();
    }
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

function usableProviders(keys: readonly { provider: string; source: string }[], configured: Parameters<typeof providerSpecs>[0]): string[] {
  const keyed = new Map(keys.map((key) => [key.provider, key.source !== 'none']));
  const usable = [...providerSpecs(configured)].flatMap(([name, spec]) => {
    if (keyed.get(name)) return [name];
    if (spec.keyEnv === undefined) return [`${name} (no key needed)`];
    return spec.keyOptional ? [`${name} (key optional)`] : [];
  });
  return [...usable, 'test'];
}

/** Bytes of every file under `dir` (0 when it does not exist). */
async function sizeOf(fs: FileSystem, dir: string): Promise<number> {
  const stat = await fs.stat(dir);
  if (!stat) return 0;
  if (stat.kind !== 'directory') return stat.size;
  let total = 0;
  for (const entry of await fs.readDir(dir)) total += await sizeOf(fs, posix.join(dir, entry.name));
  return total;
}

/** The first of `names` found in a directory of PATH. */
async function findOnPath(fs: FileSystem, path: string, names: readonly string[]): Promise<string | undefined> {
  for (const dir of path.split(':').filter(Boolean)) {
    for (const name of names) {
      const stat = await fs.stat(posix.join(dir, name));
      if (stat?.kind === 'file') return posix.join(dir, name);
    }
  }
  return undefined;
}

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
