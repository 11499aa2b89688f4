// Bundles the CLI's own modules into dist/cli/bin.js (dependencies stay external; dynamic imports
// become chunks in dist/cli/chunks/ so commands still load lazily). Loading ~150 small files is
// most of what the CLI adds to start-up on Node 20, which has no compile cache (bench/RESULTS.md).
import { build } from 'rolldown';
import { chmodSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const isDependency = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:/.test(id);

await build({
  input: new URL('src/cli/bin.ts', root).pathname,
  platform: 'node',
  external: isDependency,
  logLevel: 'warn',
  output: {
    dir: new URL('dist/cli', root).pathname,
    format: 'esm',
    entryFileNames: 'bin.js',
    // One level below dist/cli/, like dist/cli/commands/, so '../init-templates/' resolves the same.
    chunkFileNames: 'chunks/[name]-[hash].js',
  },
});
chmodSync(new URL('dist/cli/bin.js', root), 0o755);
