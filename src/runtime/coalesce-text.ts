/**
 * Merges the text deltas a provider stream delivers together into one (SPEC §16: display time grows
 * linearly with output size). A fast provider sends one delta per token and a socket read carries
 * thousands of them; the AI SDK passes each part through several web streams whose unbounded
 * internal queue it reads with `Array#shift`, which costs time proportional to the queue's length.
 * Deltas arriving in the same turn of the event loop are held and passed on as one part at the next
 * turn (or before any other part, or at the end), so the SDK sees a few parts per read instead of
 * thousands. Text reaches the caller at most one timer tick later; order is kept.
 */
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';

type TextDelta = Extract<LanguageModelV3StreamPart, { type: 'text-delta' }>;

/** A transform that merges consecutive text deltas of one text part arriving in the same turn. */
export function coalesceTextDeltas(): TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart> {
  let held: { id: string; parts: string[] } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const release = (controller: TransformStreamDefaultController<LanguageModelV3StreamPart>) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!held) return;
    const part: TextDelta = { type: 'text-delta', id: held.id, delta: held.parts.join('') };
    held = undefined;
    controller.enqueue(part);
  };

  return new TransformStream({
    transform(part, controller) {
      // Deltas with provider metadata pass on alone, so no metadata is merged away.
      if (part.type !== 'text-delta' || part.providerMetadata !== undefined) {
        release(controller);
        controller.enqueue(part);
        return;
      }
      if (held && held.id !== part.id) release(controller);
      if (held) held.parts.push(part.delta);
      else held = { id: part.id, parts: [part.delta] };
      timer ??= setTimeout(() => {
        timer = undefined;
        try {
          release(controller);
        } catch {
          // The stream was cancelled (an abort) meanwhile: nobody reads the held text any more.
        }
      }, 0);
    },
    flush(controller) {
      release(controller);
    },
  });
}
