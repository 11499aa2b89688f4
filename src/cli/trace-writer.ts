/** `--trace FILE`: every run event as one JSON object per line, written as it happens. */
import { createWriteStream, type WriteStream } from 'node:fs';
import type { RunEvent } from '../runtime/events.ts';

export interface TraceWriter {
  write(event: RunEvent): void;
  close(): Promise<void>;
}

export function createTraceWriter(path: string): TraceWriter {
  const stream: WriteStream = createWriteStream(path, { flags: 'w' });
  let failure: Error | undefined;
  stream.on('error', (error) => (failure ??= error));
  return {
    write(event) {
      if (!failure) stream.write(`${JSON.stringify(event)}\n`);
    },
    close() {
      return new Promise((resolve, reject) => stream.end(() => (failure ? reject(failure) : resolve())));
    },
  };
}
