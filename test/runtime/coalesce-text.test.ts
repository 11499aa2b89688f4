/** Text deltas arriving together are merged before the AI SDK sees them (linear display time, SPEC §16). */
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { expect, test } from 'vitest';
import { coalesceTextDeltas } from '../../src/runtime/coalesce-text.ts';

const delta = (delta: string, id = 't1'): LanguageModelV3StreamPart => ({ type: 'text-delta', id, delta });
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Writes `batches` (each batch in one turn of the event loop) and returns every part read. */
async function through(batches: LanguageModelV3StreamPart[][]): Promise<LanguageModelV3StreamPart[]> {
  const transform = coalesceTextDeltas();
  const read = (async () => {
    const parts: LanguageModelV3StreamPart[] = [];
    for await (const part of transform.readable as unknown as AsyncIterable<LanguageModelV3StreamPart>) parts.push(part);
    return parts;
  })();
  const writer = transform.writable.getWriter();
  for (const batch of batches) {
    for (const part of batch) void writer.write(part);
    await nextTurn();
  }
  await writer.close();
  return read;
}

test('deltas of one turn become one part; later turns, other text parts and other parts stay apart, in order', async () => {
  const parts = await through([
    [{ type: 'text-start', id: 't1' }, delta('a'), delta('b'), delta('c')],
    [delta('d'), delta('e'), { type: 'tool-input-start', id: 'x', toolName: 'f' }, delta('f')],
    [delta('g', 't2'), delta('h', 't2'), { type: 'text-delta', id: 't2', delta: 'i', providerMetadata: { p: { k: 1 } } }, delta('j', 't2')],
  ]);
  expect(parts).toEqual([
    { type: 'text-start', id: 't1' },
    delta('abc'),
    delta('de'),
    { type: 'tool-input-start', id: 'x', toolName: 'f' },
    delta('f'),
    delta('gh', 't2'),
    { type: 'text-delta', id: 't2', delta: 'i', providerMetadata: { p: { k: 1 } } },
    delta('j', 't2'),
  ]);
});

test('text held when the stream ends is passed on; a cancelled stream drops it without an error', async () => {
  const transform = coalesceTextDeltas();
  const writer = transform.writable.getWriter();
  const reader = transform.readable.getReader();
  const pending = reader.read();
  // Held, then the reader goes away before the timer passes it on.
  await writer.write(delta('x'));
  await reader.cancel();
  await expect(pending).resolves.toEqual({ done: true, value: undefined });
  await nextTurn();
  await expect(through([[delta('last'), delta(' words')]])).resolves.toEqual([delta('last words')]);
});
