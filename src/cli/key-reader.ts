/**
 * One key from a terminal in raw mode, for the approval prompt's single-key answers (docs/cli.md,
 * "Approvals at the terminal"): no Enter needed, and keys typed before the prompt appeared are
 * discarded rather than taken as the answer.
 */

/** A terminal input that can be put in raw mode (`tty.ReadStream`). */
export interface RawInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  isRaw?: boolean;
  setRawMode(mode: boolean): unknown;
}

/** Whether `input` is a terminal whose keys can be read one at a time. */
export function canReadKeys(input: NodeJS.ReadableStream): input is RawInput {
  const tty = input as Partial<RawInput>;
  return tty.isTTY === true && typeof tty.setRawMode === 'function';
}

/**
 * How long the terminal is read and its keys dropped before the prompt is shown: what was typed
 * ahead is already buffered and arrives at once; a person cannot answer a prompt not yet shown.
 */
export const TYPE_AHEAD_DRAIN_MS = 30;

const CTRL_C = '\u0003';

/**
 * Drops typed-ahead keys, writes `prompt`, and resolves with the next key (lower-cased, with a
 * trailing Enter dropped: `a` and `a⏎` are both `a`; Enter alone is ''). Ctrl-C, which raw mode
 * turns into a key, interrupts the process as it would outside raw mode. Rejects when `signal` aborts.
 */
export function readKey(input: RawInput, output: NodeJS.WritableStream, prompt: string, signal?: AbortSignal): Promise<string> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const wasRaw = input.isRaw === true;
    let shown = false;
    const onData = (chunk: Buffer | string) => {
      if (!shown) return;
      const text = chunk.toString();
      if (text.includes(CTRL_C)) {
        process.kill(process.pid, 'SIGINT');
        return;
      }
      finish();
      resolve(text.replace(/[\r\n]+$/, '').toLowerCase());
    };
    const onAbort = () => {
      finish();
      reject(signal?.reason);
    };
    const drained = setTimeout(() => {
      shown = true;
      output.write(prompt);
    }, TYPE_AHEAD_DRAIN_MS);
    function finish() {
      clearTimeout(drained);
      input.off('data', onData);
      signal?.removeEventListener('abort', onAbort);
      input.setRawMode(wasRaw);
      input.pause();
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    input.setRawMode(true);
    input.on('data', onData);
    input.resume();
  });
}
