/**
 * `--trace FILE`: every run event as one JSON object per line, written as it happens. It is a
 * lossless subscriber of the run's bus, so it sees every event in `seq` order; the streamed
 * `text_delta`, `reasoning_delta` and `commentary` (their text is in `model_step`) and `model_prompt` (the full prompts, kept by the run store) are left out, which
 * keeps a trace small however much is streamed or sent.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { UsageError } from '../errors.ts';
import type { EventBus } from '../runtime/event-bus.ts';
import type { RunEvent } from '../runtime/events.ts';

export interface TraceWriter {
  /** Subscribes this writer to a run's events. */
  attach(bus: EventBus): void;
  close(): Promise<void>;
}

/**
 * Opens (creates or empties) the trace file now, so an unwritable path is a usage error before any
 * model request rather than a failure found at the end of the run.
 */
export async function openTraceWriter(path: string): Promise<TraceWriter> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'w');
  } catch (error) {
    throw new UsageError(`--trace: cannot write the trace file ${path} (${(error as Error).message.split(',')[0]}); give a path in a writable directory`);
  }
  const stream = handle.createWriteStream();
  let failure: Error | undefined;
  stream.on('error', (error) => (failure ??= error));
  const write = (event: RunEvent) => {
    if (!failure) stream.write(`${JSON.stringify(event)}\n`);
  };
  return {
    attach: (bus) => void bus.subscribe(write, { lossless: true, drop: ['text_delta', 'reasoning_delta', 'commentary', 'model_prompt'] }),
    close() {
      // Settled once the stream has finished or failed: a write that failed (a full disk, EIO) fails the close.
      stream.end();
      const couldNotWrite = (error: Error) =>
        new Error(`--trace: the trace file ${path} could not be written (${error.message}); the run's events are in the run log`);
      return finished(stream).then(
        () => {
          if (failure) throw couldNotWrite(failure);
        },
        (error: Error) => {
          throw couldNotWrite(failure ?? error);
        },
      );
    },
  };
}
