/**
 * Last resorts at the process level (no unhandled rejection, no silent exit, no hang).
 *
 * - An exception thrown or a promise rejected outside any tool call (a custom tool's timer, a stray
 *   promise of tool code) fails the run; the message names the file it came from when the stack
 *   shows one outside llm-do.
 * - The event loop emptying while the command still waits (a promise nothing can settle any more,
 *   e.g. a tool returning `new Promise(() => {})`) fails the run instead of Node's silent exit 13.
 * - `process.exit(0)` before the command finished (tool code) exits 1 instead, with a message.
 *
 * Both abort {@link processFailure} with a `RunError`; `run` passes that signal to `runWorker`, so the
 * run ends with one outcome (exit 1, the message, `run_end` in the trace, `--json` status error).
 * A command that does not end by itself after that is ended here: the message and exit 1.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RunError } from '../errors.ts';
import { EXIT_FAILED } from './exit-codes.ts';
import { escapeTerminalText } from './terminal-text.ts';

/** How long a command may take to end on its own after a stray error before the process exits. */
const GRACE_MS = 5_000;

const failure = new AbortController();

/** Aborted, with the `RunError` as its reason, when tool code fails outside a call or the run stalls. */
export const processFailure: AbortSignal = failure.signal;

/** What the guard needs of the process. */
export interface GuardedProcess {
  stderr: NodeJS.WritableStream;
  cwd: string;
}

/** The installed guard. */
export interface ProcessGuard {
  /**
   * Call with the command's exit code when it returns; gives the code to exit with. A stray error
   * the command did not report (it succeeded anyway) is printed here and turns 0 into 1.
   */
  finish(code: number): number;
}

/** Installs the handlers; call once, from the executable. */
export function guardProcess(io: GuardedProcess): ProcessGuard {
  let finished = false;
  const target = { ...io, finished: () => finished };
  const fail = (error: RunError) => {
    if (failure.signal.aborted) return;
    failure.abort(error);
    setTimeout(() => exitWith(target, error), GRACE_MS).unref();
  };
  process.on('uncaughtException', (error) => fail(strayError(error, target.cwd)));
  process.on('unhandledRejection', (reason) => fail(strayError(reason, target.cwd)));
  // Tool code calling process.exit(0) must not pass for a successful run.
  process.on('exit', (code) => {
    if (target.finished() || code !== 0) return;
    target.stderr.write('llm-do: the process was ended before the run finished (process.exit in tool code?)\n');
    process.exitCode = EXIT_FAILED;
  });
  process.on('beforeExit', () => {
    if (target.finished()) return;
    // A second empty loop: even the abort did not let the command end.
    if (failure.signal.aborted) return exitWith(target, failure.signal.reason as RunError);
    fail(
      new RunError(
        'stalled',
        '',
        'the run stopped making progress: it waits for something that can never finish (a tool or prompt whose promise never settles, with nothing left running)',
      ),
    );
  });
  return {
    finish(code) {
      finished = true;
      if (code !== 0 || !failure.signal.aborted) return code;
      io.stderr.write(`llm-do: ${escapeTerminalText((failure.signal.reason as RunError).message)}\n`);
      return EXIT_FAILED;
    },
  };
}

function exitWith(target: GuardedProcess & { finished(): boolean }, error: RunError): void {
  if (target.finished()) return;
  target.stderr.write(`llm-do: ${escapeTerminalText(error.message)}\n`, () => process.exit(EXIT_FAILED));
}

/** `tool code failed outside any tool call: Error: x (at tools.ts:5:11)`, or without a tool frame `an error was thrown outside any tool call: …`. */
function strayError(error: unknown, cwd: string): RunError {
  const where = toolFrame(error, cwd);
  const what = error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error);
  const message = where ? `tool code failed outside any tool call: ${what} (at ${where})` : `an error was thrown outside any tool call: ${what}`;
  return new RunError('uncaught-error', '', message, { cause: error });
}

// llm-do's own code: its package (src/ or the built dist/) and every dependency.
const OWN_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OWN_DIRS = ['dist', 'src'].map((dir) => path.join(OWN_ROOT, dir) + path.sep);

/** The first stack frame outside llm-do, Node and node_modules: the tool module, shown relative to cwd. */
function toolFrame(error: unknown, cwd: string): string | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  for (const match of stack.matchAll(/\(?((?:file:\/\/)?\/[^\s():]+):(\d+):(\d+)\)?$/gm)) {
    const file = match[1]!.startsWith('file://') ? fileURLToPath(match[1]!) : match[1]!;
    if (file.includes(`${path.sep}node_modules${path.sep}`) || OWN_DIRS.some((dir) => file.startsWith(dir))) continue;
    const shown = path.relative(cwd, file);
    return `${shown.startsWith('..') ? file : shown}:${match[2]}:${match[3]}`;
  }
  return undefined;
}
