// The entry of the child process that compiles tool modules in the built CLI (module-compiler.ts):
// like bin.ts, turns on the compile cache (jiti's compiler is most of what the child loads), then
// loads the bundled child code (compile-module.ts).
import { createRequire } from 'node:module';
import { enableCodeCache } from './code-cache.ts';

enableCodeCache();
createRequire(import.meta.url)('./compile-module.cjs');
