/**
 * `llm-do models [DIR] [--json]` (docs/models.md): the providers (built-in, project, user config), the
 * aliases and what they resolve to, whether each provider has a key and from where, the default
 * model, and the known prices. Outside a project only the user config applies.
 */
import { ProjectError } from '../../errors.ts';
import { resolveModelName } from '../../models/model-aliases.ts';
import { mergeModelConfig } from '../../models/model-config.ts';
import { TEST_MODEL_ID } from '../../models/model-id.ts';
import { PRICE_TABLE_SOURCE, bundledPrices } from '../../models/prices.ts';
import { BUILTIN_PROVIDERS } from '../../models/providers.ts';
import { findApiKey, providerSpecs } from '../../models/registry.ts';
import { isProjectDir } from '../../project/target.ts';
import type { Project } from '../../project/types.ts';
import { readUserConfig, userConfigPath } from '../../project/user-config.ts';
import { createNodeFileSystem } from '../../sandbox/node-file-system.ts';
import type { ModelPrice, UserConfig } from '../../worker-file/schema.ts';
import { EXIT_OK } from '../exit-codes.ts';
import { printLine, type CliIO } from '../io.ts';
import { readStoredKeys } from '../key-store.ts';
import { terminalSafeJson } from '../terminal-text.ts';
import { loadCommandProject, reportProblems, type ProjectCommandOptions } from './check.ts';
import { describeKey } from './keys.ts';

/** What `models --json` prints. */
export interface ModelsListing {
  providers: { name: string; source: string; key_env: string | null; key: 'env' | 'stored' | 'none' | 'optional' | 'not needed' }[];
  aliases: { name: string; target: string; model: string | null; error?: string; source: string }[];
  default_model: { model: string; source: string } | null;
  prices: ({ model: string; source: string } & ModelPrice)[];
}

/** Where a setting comes from, in the order later sources win. */
interface Source {
  label: string;
  config: Pick<UserConfig, 'models' | 'providers' | 'prices'> | undefined;
}

function listing(project: Project | undefined, userConfig: UserConfig | undefined, userFile: string, io: CliIO): ModelsListing {
  const manifest = project?.manifest;
  const sources: Source[] = [
    { label: userFile, config: userConfig },
    { label: project?.manifestFile ?? 'project.yaml', config: manifest },
  ];
  const sourceOf = (field: 'models' | 'providers' | 'prices', name: string, fallback: string) =>
    sources.findLast((source) => source.config?.[field] !== undefined && Object.hasOwn(source.config[field]!, name))?.label ?? fallback;
  const merged = mergeModelConfig(userConfig, manifest);
  const stored = readStoredKeys(io);

  const providers = [...providerSpecs(merged.providers)].map(([name, spec]): ModelsListing['providers'][number] => {
    const needsKey = spec.keyEnv !== undefined || !Object.hasOwn(BUILTIN_PROVIDERS, name);
    const found = findApiKey(name, spec.keyEnv, io.env, stored);
    // A provider whose key is optional (`openai-compatible`, a `providers:` entry without api_key_env) lacks nothing without one.
    const missing = spec.keyOptional ? 'optional' : 'none';
    return { name, source: sourceOf('providers', name, 'built-in'), key_env: spec.keyEnv ?? null, key: needsKey ? (found?.source ?? missing) : 'not needed' };
  });
  providers.push({ name: TEST_MODEL_ID, source: 'built-in', key_env: null, key: 'not needed' });

  const aliases = Object.entries(merged.aliases).map(([name, target]) => {
    const source = sourceOf('models', name, '');
    try {
      return { name, target, model: resolveModelName(name, merged.aliases, `alias ${name}`).id, source };
    } catch (error) {
      if (!ProjectError.isInstance(error)) throw error;
      return { name, target, model: null, error: error.detail, source };
    }
  });

  const configured = [
    { model: manifest?.model, source: project?.manifestFile ?? '' },
    { model: io.env.LLM_DO_MODEL, source: 'LLM_DO_MODEL' },
    { model: merged.defaultModel, source: userFile },
  ].find((candidate) => candidate.model !== undefined && candidate.model.trim() !== '');

  const prices = new Map<string, { model: string; source: string } & ModelPrice>();
  for (const [model, price] of Object.entries(bundledPrices())) prices.set(model, { model, source: `bundled (${PRICE_TABLE_SOURCE.date})`, ...price });
  for (const source of sources)
    for (const [model, price] of Object.entries(source.config?.prices ?? {})) prices.set(model, { model, source: source.label, ...price });

  return {
    providers,
    aliases,
    default_model: configured ? { model: configured.model!, source: configured.source } : null,
    prices: [...prices.values()].sort((a, b) => a.model.localeCompare(b.model)),
  };
}

/** Columns padded to their widest cell; the last one is not padded. */
function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (column < row.length - 1 ? cell.padEnd(widths[column]!) : cell))
      .join('  ')
      .trimEnd(),
  );
}

const usd = (value: number | undefined) => (value === undefined ? '-' : String(value));

function print(view: ModelsListing, io: CliIO): void {
  printLine(io, 'Providers');
  const keyText = ({ name, key, key_env }: ModelsListing['providers'][number]) =>
    key === 'not needed'
      ? 'no key needed'
      : describeKey({ provider: name, env: key_env, source: key === 'optional' ? 'none' : key, optional: key === 'optional' });
  for (const line of table([['NAME', 'SOURCE', 'KEY'], ...view.providers.map((row) => [row.name, row.source, keyText(row)])])) printLine(io, `  ${line}`);
  printLine(io);
  printLine(io, 'Aliases');
  if (view.aliases.length === 0) printLine(io, '  none (add them under models: in project.yaml or $LLM_DO_HOME/config.yaml)');
  else for (const line of table(view.aliases.map((row) => [row.name, row.source, `→ ${row.model ?? `? ${row.error}`}`]))) printLine(io, `  ${line}`);
  printLine(io);
  printLine(io, `Default model: ${view.default_model ? `${view.default_model.model} (${view.default_model.source})` : 'none'}`);
  printLine(io);
  printLine(io, 'Prices (USD per million tokens)');
  const rows = view.prices.map((row) => [row.model, usd(row.input), usd(row.output), usd(row.cache_read), usd(row.cache_write), row.source]);
  for (const line of table([['MODEL', 'INPUT', 'OUTPUT', 'CACHE READ', 'CACHE WRITE', 'SOURCE'], ...rows])) printLine(io, `  ${line}`);
}

/** Runs `models`. DIR (or `--project`) names a project; without one, the current directory counts only if it is a project. */
export async function runModels(options: ProjectCommandOptions, io: CliIO): Promise<number> {
  try {
    const fs = createNodeFileSystem();
    const explicit = (options.dir !== undefined && options.dir !== '.') || options.project !== undefined || Boolean(io.env.LLM_DO_PROJECT);
    const project = explicit || (await isProjectDir(fs, io.cwd)) ? await loadCommandProject(options, io) : undefined;
    const userFile = userConfigPath(io);
    const userConfig = project?.options.userConfig ?? (await readUserConfig(fs, userFile));
    const view = listing(project, userConfig, userFile, io);
    if (options.json) printLine(io, terminalSafeJson(view, 2));
    else print(view, io);
    return EXIT_OK;
  } catch (error) {
    return reportProblems(error, io, options.json);
  }
}
