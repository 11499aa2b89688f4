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
  output: {
    dir: new URL('dist/cli', root).pathname,
    format: 'esm',
    entryFileNames: '[name].js',
    // One level below dist/cli/, like dist/cli/commands/, so '../init-templates/' resolves the same.
    chunkFileNames: 'chunks/[name]-[hash].js',
  },
});
chmodSync(new URL('dist/cli/bin.js', root), 0o755);
