/**
 * The chat's terminal input, with Ctrl-D during a running turn taken as "cancel the turn" (docs/cli.md,
 * `chat`): readline ends the whole chat on Ctrl-D at an empty line, and while a turn runs the line is
 * always empty. Everything else passes through unchanged to the line editor.
 */
import { PassThrough } from 'node:stream';

const CTRL_D = '\u0004';

/** A terminal input as readline uses it. */
export interface TerminalInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

/**
 * `input` seen through a filter: while `turnRunning()` is true, a Ctrl-D calls `cancelTurn` and never
 * reaches the line editor. `close()` stops reading `input`.
 */
export function cancellableTurnInput(input: TerminalInput, turnRunning: () => boolean, cancelTurn: () => void): { input: TerminalInput; close(): void } {
  const filtered = new PassThrough() as PassThrough & TerminalInput;
  filtered.isTTY = input.isTTY;
  // readline puts the terminal into raw mode through its input: the real one.
  if (input.setRawMode) filtered.setRawMode = (mode: boolean) => (input.setRawMode!(mode), filtered);
  const onData = (chunk: Buffer | string) => {
    const text = chunk.toString();
    if (turnRunning() && text.includes(CTRL_D)) {
      cancelTurn();
      const rest = text.replaceAll(CTRL_D, '');
      if (rest) filtered.write(rest);
      return;
    }
    filtered.write(chunk);
  };
  const onEnd = () => filtered.end();
  input.on('data', onData);
  input.on('end', onEnd);
  return {
    input: filtered,
    close() {
      input.off('data', onData);
      input.off('end', onEnd);
      input.pause();
    },
  };
}
