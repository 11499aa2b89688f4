// The entry of `check`'s helper threads in the built CLI (src/cli/check-threads.ts): like bin.ts,
// turns on the compile cache, which Node does not pass from the main thread to its helpers, then
// loads the bundled thread code (check-thread.ts). Without the cache a thread compiled its code
// from source: 0.6 s before it checked its first worker on a 20,000-worker project (bench/RESULTS.md).
import { createRequire } from 'node:module';
import { enableCodeCache } from './code-cache.ts';

enableCodeCache();
createRequire(import.meta.url)('./check-thread.cjs');
