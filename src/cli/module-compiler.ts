/**
 * Compiles tool and schema modules in a child process (docs/performance.md, "Memory"): jiti's
 * compiler (babel, 1.5 MB of code) and the memory it works in stay out of the run's process, which
 * may go on for hours. Asked by the module loader on a cache miss (src/modules/module-loader.ts); the
 * child (compile-module.ts) compiles the module's whole closure into the same file cache, so one
 * child serves every file of it, and answers the missed file's code. When the child cannot answer,
 * the module is compiled in this process, as before.
 */
import { createRequire } from 'node:module';
import type { TransformOptions } from 'jiti';
import type { CompileElsewhere } from '../modules/module-loader.ts';
import { SMALL_MEMORY_V8_FLAGS } from './v8-memory.ts';

/** What the child is given on its stdin. */
export interface CompileRequest {
  /** The compiled-module cache (`$LLM_DO_HOME/cache/tool-modules`). */
  cacheDir: string;
  options: TransformOptions;
}

/** A compiled module is a few times its source; a child that writes more than this has failed. */
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

/** A compiler for the module loader that runs `entry` (compile-module.ts, or its built bin) in a child process. */
export function compileInChildProcess(entry: string): CompileElsewhere {
  return (options, cacheDir) => {
    if (options.filename === undefined) return undefined;
    // Required at first use: a run whose modules are all cached never starts a process.
    const { spawnSync } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
    // The child's flags too favour memory: compiling one closure takes the same time with them.
    const child = spawnSync(process.execPath, [...SMALL_MEMORY_V8_FLAGS, entry], {
      input: JSON.stringify({ cacheDir, options } satisfies CompileRequest),
      encoding: 'utf8',
      maxBuffer: MAX_OUTPUT_BYTES,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    if (child.status !== 0 || child.error) return undefined;
    try {
      const { code } = JSON.parse(child.stdout) as { code?: unknown };
      return typeof code === 'string' ? { code } : undefined;
    } catch {
      return undefined;
    }
  };
}
