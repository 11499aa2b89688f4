// Bundles the CLI and its dependencies into dist/cli/process-entry.cjs; dynamic imports (commands,
// providers) become chunks in dist/cli/chunks/ so they still load lazily. The executable,
// dist/cli/bin.js (src/cli/bin.ts, a small ES module bundled apart), turns on Node's compile cache
// and then requires the bundle. The bundle is CommonJS: its lazy entries (below) are loaded by a
// synchronous require at their first use, and a require of one of Node's modules loads only that
// module, where an ES module's import reads every export and so loads what Node keeps lazy.
// jiti stays external: it loads users' TS tool modules with its own resolver and native parts.
// libsql stays external: it loads its native binary for the platform at run time.
// zod's translations and yaml, which most runs do not use, are entries of their own that code
// every run loads requires when first used (lazy entries, below).
import { build } from 'rolldown';
import { chmodSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const source = (file) => new URL(file, root).pathname;
const outDir = new URL('dist/cli', root).pathname;
const EXTERNAL = [/^node:/, /^jiti(\/|$)/, /^libsql(\/|$)/, /^chokidar(\/|$)/, /^fsevents(\/|$)/];

/**
 * Code most runs do not need, reached from code every run loads, is made an entry of this build,
 * `chunks/NAME.cjs` (so the modules it shares with the rest are the same instances), and the
 * generated module `loader` requires it when it is first used. The build fails if another chunk
 * would still hold that code (modules `holds` matches) or require the entry at once.
 */
function checkLazyEntry(bundle, { name, loader, holds }) {
  const entry = `chunks/${name}.cjs`;
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || chunk.fileName === entry) continue;
    if (chunk.moduleIds.some(holds) || chunk.imports.includes(entry)) throw new Error(`bundle-cli: ${chunk.fileName} loads ${entry} at once`);
    if (chunk.moduleIds.includes(loader) && !chunk.fileName.startsWith('chunks/'))
      throw new Error(`bundle-cli: ${chunk.fileName} requires ./${name}.cjs, which is not beside it`);
  }
}
/** The start of a loader module: `load()` requires the entry once. */
const loadEntry = (name) => `let loaded;\nconst load = () => (loaded ??= require(${JSON.stringify(`./${name}.cjs`)}));\n`;

/**
 * zod's translations of its messages into 60 languages (~350 KB) are reached only through the
 * `locales` export of its namespaces (`zod`, `zod/v4/core`), which the CLI reads nowhere but which
 * tool modules get whole (src/modules/module-loader.ts): every run with a `tools.ts` loaded them.
 * Here that export is an object with zod's names whose entries load them when first read. English,
 * zod's default, is in the chunk of its schemas, which sets it on first use.
 */
const ZOD_LOCALES = { name: 'zod-locales', loader: '\0zod-locales-on-first-read', holds: (id) => /[\\/]zod[\\/]v4[\\/]locales[\\/](?!en\.js$)/.test(id) };
const LOCALES_EXPORT = 'export * as locales from "../locales/index.js";';
const localeNames = Object.keys(await import('zod/v4/locales'));
const lazyZodLocales = {
  name: 'lazy-zod-locales',
  transform: {
    filter: { id: /[\\/]node_modules[\\/]zod[\\/]/, code: LOCALES_EXPORT },
    handler: (code) => code.replace(LOCALES_EXPORT, `export { locales } from ${JSON.stringify(ZOD_LOCALES.loader)};`),
  },
  resolveId: (source, importer) => {
    if (source === ZOD_LOCALES.loader) return source;
    if (importer === ZOD_LOCALES.loader) return { id: source, external: true };
  },
  load: (id) => {
    if (id !== ZOD_LOCALES.loader) return;
    const entries = localeNames.map((name) => `  ${JSON.stringify(name)}: { enumerable: true, get: () => load()[${JSON.stringify(name)}] },`);
    return `${loadEntry(ZOD_LOCALES.name)}export const locales = Object.defineProperties({}, {\n  [Symbol.toStringTag]: { value: "Module" },\n${entries.join('\n')}\n});\n`;
  },
  generateBundle: (_options, bundle) => checkLazyEntry(bundle, ZOD_LOCALES),
};

/**
 * `yaml` (~210 KB) is needed only for YAML outside the subset src/worker-file/simple-yaml.ts reads (most
 * worker files are in it), `--set` values, approvals files, `init` and promoted workers, but its
 * importers are on every run's path and synchronous (parseYamlConfig). Here llm-do's imports of it
 * get functions of the same names that load it on their first call. These are all it imports: a
 * name missing here fails the build. `LineCounter` is a class llm-do only constructs.
 */
const YAML = { name: 'yaml', loader: '\0yaml-on-first-call', holds: (id) => /[\\/]node_modules[\\/]yaml[\\/]/.test(id) };
const YAML_FUNCTIONS = ['isAlias', 'isMap', 'isScalar', 'isSeq', 'parse', 'parseDocument', 'stringify'];
const YAML_CLASSES = ['LineCounter'];
const lazyYaml = {
  name: 'lazy-yaml',
  resolveId: (id, importer) => {
    if (id === 'yaml' && importer?.startsWith(source('src/'))) return YAML.loader;
    if (importer === YAML.loader) return { id, external: true };
  },
  load: (id) => {
    if (id !== YAML.loader) return;
    const functions = YAML_FUNCTIONS.map((name) => `export function ${name}(...args) { return load().${name}(...args); }`);
    const classes = YAML_CLASSES.map((name) => `export function ${name}(...args) { return new (load().${name})(...args); }`);
    return `${loadEntry(YAML.name)}${[...functions, ...classes].join('\n')}\n`;
  },
  generateBundle: (_options, bundle) => checkLazyEntry(bundle, YAML),
};

/**
 * commander requires `node:child_process` as it loads, for subcommands that are executables of their
 * own, which llm-do has none of; loading it (and the modules it loads) cost every command ~3 ms.
 * Here it is required at its first use instead. A commander whose require reads otherwise fails the build.
 */
const COMMANDER_CHILD_PROCESS = "const childProcess = require('node:child_process');";
const lazyChildProcessInCommander = {
  name: 'lazy-child-process-in-commander',
  transform(code, id) {
    if (!/[\\/]commander[\\/]lib[\\/]command\.js$/.test(id)) return undefined;
    if (!code.includes(COMMANDER_CHILD_PROCESS))
      throw new Error(`bundle-cli: ${id} no longer has "${COMMANDER_CHILD_PROCESS}"; update lazyChildProcessInCommander`);
    return code.replace(COMMANDER_CHILD_PROCESS, "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };");
  },
};

/**
 * undici (the CLI's fetch, src/models/env-proxy-fetch.ts) requires `node:fs/promises` as it loads,
 * for its mock agent's snapshots, which llm-do never uses. Here it is required at its first use
 * instead. An undici whose require reads otherwise fails the build.
 */
const UNDICI_FS_PROMISES = "const { writeFile, readFile, mkdir } = require('node:fs/promises')";
const lazyFsPromisesInUndici = {
  name: 'lazy-fs-promises-in-undici',
  transform(code, id) {
    if (!/[\\/]undici[\\/]lib[\\/]mock[\\/]snapshot-recorder\.js$/.test(id)) return undefined;
    if (!code.includes(UNDICI_FS_PROMISES)) throw new Error(`bundle-cli: ${id} no longer has "${UNDICI_FS_PROMISES}"; update lazyFsPromisesInUndici`);
    const lazy = ['writeFile', 'readFile', 'mkdir'].map((name) => `${name} = (...args) => require('node:fs/promises').${name}(...args)`);
    return code.replace(UNDICI_FS_PROMISES, `const ${lazy.join(', ')}`);
  },
};

/**
 * `charset: 'ascii'` escapes strings but leaves comments as they are, and a legal comment kept in
 * the bundle may name its author in any script (undici's formdata-polyfill notice does): such
 * characters are written as \uXXXX, so every file stays one byte per character.
 */
const asciiComments = {
  name: 'ascii-comments',
  renderChunk: (code) => code.replace(/[^\x00-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`),
};

await build({
  // check-thread: the entry of `check`'s helper threads (src/cli/check-threads.ts).
  input: {
    'process-entry': source('src/cli/process-entry.ts'),
    'check-thread': source('src/cli/check-thread.ts'),
    // compile-module: the child process that compiles tool modules (src/cli/module-compiler.ts).
    'compile-module': source('src/cli/compile-module.ts'),
    [`chunks/${ZOD_LOCALES.name}`]: 'zod/v4/locales',
    [`chunks/${YAML.name}`]: 'yaml',
  },
  platform: 'node',
  external: EXTERNAL,
  plugins: [lazyZodLocales, lazyYaml, lazyChildProcessInCommander, lazyFsPromisesInUndici, asciiComments],
  logLevel: 'warn',
  // The lazy entries are required for their exports; said explicitly because includeDependenciesRecursively needs it.
  preserveEntrySignatures: 'allow-extension',
  output: {
    dir: outDir,
    format: 'cjs',
    // V8 keeps each file's source for the life of the process, one byte per character only when
    // every character is Latin-1: one '§' or '—' in a comment or string doubled a chunk's memory.
    // ASCII escapes in strings and no doc comments keep every file one-byte (test/cli/lazy-load.test.ts).
    charset: 'ascii',
    comments: { legal: true, annotation: false, jsdoc: false },
    // `import('https')` in a dependency becomes a require, which loads only that module (above).
    dynamicImportInCjs: false,
    entryFileNames: '[name].cjs',
    // One level below dist/cli/, like dist/cli/commands/, so '../init-templates/' resolves the same.
    chunkFileNames: 'chunks/[name]-[hash].cjs',
    codeSplitting: {
      // A group takes just the modules it names (the rest keep the default split).
      includeDependenciesRecursively: false,
      groups: [
        // Every run converts JSON Schemas with zod's `fromJSONSchema`; left to the default it shares a
        // chunk with the whole `zod` namespace (which tool modules get), and so with that namespace's
        // translations of zod's messages into every language (~300 KB): every run loaded them.
        { name: 'zod-from-json-schema', test: /[\\/]zod[\\/]v4[\\/]classic[\\/](from-json-schema|checks|iso)\.js$/ },
      ],
    },
  },
});
await build({
  // check-thread-bin and compile-module-bin: what `check` starts its helper threads with and what the
  // CLI compiles tool modules with, so that they too use the compile cache.
  input: {
    bin: source('src/cli/bin.ts'),
    'check-thread-bin': source('src/cli/check-thread-bin.ts'),
    'compile-module-bin': source('src/cli/compile-module-bin.ts'),
  },
  platform: 'node',
  external: [/^node:/, /\.cjs$/],
  logLevel: 'warn',
  output: { dir: outDir, format: 'esm', entryFileNames: '[name].js' },
});
chmodSync(new URL('dist/cli/bin.js', root), 0o755);
