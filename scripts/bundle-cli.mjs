// Bundles the CLI and its dependencies into dist/cli/bin.js; dynamic imports (commands, providers)
// become chunks in dist/cli/chunks/ so they still load lazily. Loading a few hundred small files is
// most of what the CLI adds to start-up on Node 20, which has no compile cache (bench/RESULTS.md).
// jiti stays external: it loads users' TS tool modules with its own resolver and native parts.
// libsql stays external: it loads its native binary for the platform at run time.
import { build } from 'rolldown';
import { chmodSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const EXTERNAL = [/^node:/, /^jiti(\/|$)/, /^libsql(\/|$)/, /^chokidar(\/|$)/, /^fsevents(\/|$)/];

await build({
  // check-thread.js: the entry of `check`'s helper threads (src/cli/check-threads.ts).
  input: { bin: new URL('src/cli/bin.ts', root).pathname, 'check-thread': new URL('src/cli/check-thread.ts', root).pathname },
  platform: 'node',
  external: EXTERNAL,
  logLevel: 'warn',
  // The entry exports nothing; said explicitly because includeDependenciesRecursively needs it.
  preserveEntrySignatures: 'allow-extension',
  output: {
    dir: new URL('dist/cli', root).pathname,
    format: 'esm',
    entryFileNames: '[name].js',
    // One level below dist/cli/, like dist/cli/commands/, so '../init-templates/' resolves the same.
    chunkFileNames: 'chunks/[name]-[hash].js',
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
chmodSync(new URL('dist/cli/bin.js', root), 0o755);
