/** What each registrar of `src/cli/program/` gets from `main`. */
import type { CliIO } from '../io.ts';

export interface CommandContext {
  /** The process's streams, environment and working directory. */
  io: CliIO;
  /** The command line as given, without the node and script entries. */
  argv: readonly string[];
  /**
   * A command's task as its commander action: commander calls it with the command's arguments, then
   * its options; the exit code the task returns is the one `main` returns.
   */
  action<Args extends unknown[]>(task: (...args: Args) => Promise<number>): (...args: Args) => Promise<void>;
}
