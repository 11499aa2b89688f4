/**
 * V8 settings that keep a run's memory small (docs/performance.md, "Memory"). With V8's defaults a
 * run's peak RSS grows with its allocation rate, not with what it keeps: the young generation grows
 * to 64 MB, the old one to several times what survives, and Maglev and Turbofan compile the provider
 * packages' hot functions in the background, in memory of their own, until the process exits. A run
 * waits on its model, so these favour memory over the speed of the hottest code. Commands that
 * work through many files or serve pages keep V8's defaults: with these flags `check` of 20,000
 * workers takes 4.6 times as long (bench/RESULTS.md).
 */
import { setFlagsFromString } from 'node:v8';

/** Smaller heap growth, and no optimizing compilers (Ignition and Sparkplug still run everything). */
export const SMALL_MEMORY_V8_FLAGS = ['--optimize-for-size', '--no-maglev', '--no-turbofan'];

/** The commands that keep V8's defaults: their own code is the work (many files, many runs, a server). */
const CPU_BOUND_COMMANDS = new Set(['check', 'test', 'runs', 'list', 'migrate', 'lib', 'ui']);

/**
 * Sets {@link SMALL_MEMORY_V8_FLAGS} before the CLI loads anything, unless the command is one of
 * {@link CPU_BOUND_COMMANDS} (the first argument that is not an option names it) or
 * `LLM_DO_V8_DEFAULTS=1` asks for V8's defaults; returns what it did, for `LLM_DO_DEBUG=1`.
 */
export function preferSmallMemory(args: readonly string[], env: NodeJS.ProcessEnv): string {
  if (env.LLM_DO_V8_DEFAULTS === '1') return "V8's defaults (LLM_DO_V8_DEFAULTS=1)";
  const command = args.find((arg) => !arg.startsWith('-'));
  if (command !== undefined && CPU_BOUND_COMMANDS.has(command)) return `V8's defaults (llm-do ${command})`;
  setFlagsFromString(SMALL_MEMORY_V8_FLAGS.join(' '));
  return SMALL_MEMORY_V8_FLAGS.join(' ');
}
