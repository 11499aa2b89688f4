/**
 * The controlling terminal (`/dev/tty`), opened apart from stdin and stderr: with piped stdin
 * (`cat notes | llm-do summarize`) a person may still sit at the terminal, and approvals are asked
 * there (docs/security.md) rather than denied.
 */
import { closeSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Tty from 'node:tty';
import type { CliIO, ControllingTerminal } from './io.ts';

// `node:tty` is required when a terminal is opened (~2.5 ms of start-up otherwise): Node loads it
// itself when stdio is a terminal, and a process whose stdio is piped never opens one.
const requireHere = createRequire(import.meta.url);

/** Opens `/dev/tty` for reading and writing, or returns undefined when the process has no terminal. */
export function openControllingTerminal(): ControllingTerminal | undefined {
  let readFd: number | undefined;
  let writeFd: number;
  try {
    readFd = openSync('/dev/tty', 'r');
    writeFd = openSync('/dev/tty', 'w');
  } catch {
    if (readFd !== undefined) closeSync(readFd);
    return undefined;
  }
  const { ReadStream, WriteStream } = requireHere('node:tty') as typeof Tty;
  const input = new ReadStream(readFd);
  const output = new WriteStream(writeFd);
  return {
    input,
    output,
    close() {
      input.destroy();
      output.destroy();
    },
  };
}

/**
 * Where a run asks approvals: stdin/stderr when stdin is a terminal that does not carry the input;
 * else the controlling terminal when stderr is one (a person is watching); else nowhere (the run then
 * denies what would ask, saying there is no terminal).
 */
export function approvalTerminal(io: CliIO, stdinCarriesInput: boolean): ControllingTerminal | undefined {
  if (io.stdin.isTTY && !stdinCarriesInput) return { input: io.stdin, output: io.stderr, close: () => undefined };
  return io.stderr.isTTY ? io.openTerminal?.() : undefined;
}
