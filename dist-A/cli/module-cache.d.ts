import type { CliIO } from './io.ts';
/** Creates the cache directory (mode 0700) and returns it; undefined when it is not safely ours (then nothing is cached). */
export declare function prepareModuleCache(io: Pick<CliIO, 'env' | 'homeDir' | 'cwd'>): string | undefined;
