/**
 * The question a command that writes project files asks first (`promote`, `migrate`): `--yes`, or a
 * "y" typed at the terminal. Without a terminal nothing is written and stderr says how to write.
 */
import { createInterface } from 'node:readline/promises';
import { printError, type CliIO } from './io.ts';

/** Whether to write `what` (`it to workers/x.worker`, `these changes`): `yes`, else the person's answer at the terminal. */
export async function confirmWrite(io: CliIO, yes: boolean | undefined, what: string): Promise<boolean> {
  if (yes) return true;
  if (!io.stdin.isTTY) {
    printError(io, `not written: stdin is not a terminal; run again with --yes to write ${what}`);
    return false;
  }
  const prompt = createInterface({ input: io.stdin, output: io.stderr });
  try {
    const answer = await prompt.question(`write ${what}? [y/N] `);
    if (/^y(es)?$/i.test(answer.trim())) return true;
    printError(io, 'not written');
    return false;
  } finally {
    prompt.close();
  }
}
