// Wires the real process into the CLI; bin.ts loads it (bundled as dist/cli/process-entry.cjs).
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { openControllingTerminal } from './controlling-terminal.ts';
import { main } from './main.ts';
import { guardProcess } from './process-guard.ts';
import { terminalSafeJson } from './terminal-text.ts';
import { cacheCompiledModules, provideLlmDoApi } from '../modules/module-loader.ts';
import { prepareModuleCache } from './module-cache.ts';
import { compileInChildProcess } from './module-compiler.ts';

// The AI SDK prints provider warnings to stdout unless told otherwise; stdout is for the answer only.
(globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = (warnings: unknown) => {
  if (process.env.LLM_DO_DEBUG === '1') process.stderr.write(`llm-do: provider warnings: ${terminalSafeJson(warnings)}\n`);
};

const guard = guardProcess({ stderr: process.stderr, cwd: process.cwd() });
const io = { env: process.env, cwd: process.cwd(), homeDir: homedir() };
// A tool module's "llm-do" is the library entry built into this CLI, loaded with the first module.
provideLlmDoApi(() => import('../index.ts'));
// Modules the cache misses are compiled in a child process (module-compiler.ts): the built bin, or this source's sibling.
const compileEntry = fileURLToPath(new URL(import.meta.url.endsWith('.cjs') ? './compile-module-bin.js' : './compile-module.ts', import.meta.url));
cacheCompiledModules(() => prepareModuleCache(io), compileInChildProcess(compileEntry));

// No top-level await: the bundled CLI is CommonJS (scripts/bundle-cli.mjs).
void main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  ...io,
  openTerminal: openControllingTerminal,
}).then((status) => {
  const code = guard.finish(status);
  // Exit once stdout has drained, so piped output is never cut and idle sockets cannot hold the process.
  process.stdout.write('', () => process.exit(code));
});
