// The entry of `check`'s helper threads in the built CLI (src/cli/check-threads.ts): like bin.ts,
// loads the bundled thread code (check-thread.ts) through V8's code cache. A thread has its own
// module loader, so without this it compiled its code from source: 0.6 s before it checked its
// first worker on a 20,000-worker project (bench/RESULTS.md).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// Required, not imported: see the compile-cache build in scripts/bundle-cli.mjs.
const { cacheCliCode } = require('./compile-cache.cjs') as typeof import('./compile-cache.ts');

cacheCliCode(import.meta.url);
require('./check-thread.cjs');
