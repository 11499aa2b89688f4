/** The process surface a command uses, injectable so commands are testable in-process. */
export interface CliIO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
  /** The user's home directory (`~/.llm-do` lives there). */
  homeDir: string;
}

/** Writes one line to stdout. */
export function printLine(io: CliIO, text = ''): void {
  io.stdout.write(`${text}\n`);
}

/** Writes one line to stderr. */
export function printError(io: CliIO, text: string): void {
  io.stderr.write(`${text}\n`);
}
