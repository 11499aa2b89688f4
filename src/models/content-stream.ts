/** A model answer as stream parts, for models that know the whole answer up front (test, scripted, replayed). */
import type { LanguageModelV4Content, LanguageModelV4GenerateResult, LanguageModelV4StreamPart, LanguageModelV4Usage } from '@ai-sdk/provider';

/** A stream that has all of `parts` at once. */
export function streamOf(parts: readonly LanguageModelV4StreamPart[]): ReadableStream<LanguageModelV4StreamPart> {
  return new ReadableStream<LanguageModelV4StreamPart>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

/** `content` as the parts a streaming provider sends: each text as start, one delta, end; tool calls whole; then finish. */
export function partsOf(
  content: readonly LanguageModelV4Content[],
  finishReason: LanguageModelV4GenerateResult['finishReason'],
  usage: LanguageModelV4Usage,
): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  content.forEach((part, index) => {
    // Provider metadata (a text's phase, a reasoning signature) starts its part, as providers send it.
    const metadata = (part.type === 'text' || part.type === 'reasoning') && part.providerMetadata ? { providerMetadata: part.providerMetadata } : {};
    if (part.type === 'text')
      parts.push(
        { type: 'text-start', id: `text-${index}`, ...metadata },
        { type: 'text-delta', id: `text-${index}`, delta: part.text },
        { type: 'text-end', id: `text-${index}` },
      );
    else if (part.type === 'reasoning')
      parts.push(
        { type: 'reasoning-start', id: `reasoning-${index}`, ...metadata },
        { type: 'reasoning-delta', id: `reasoning-${index}`, delta: part.text },
        { type: 'reasoning-end', id: `reasoning-${index}` },
      );
    else parts.push(part as LanguageModelV4StreamPart);
  });
  parts.push({ type: 'finish', finishReason, usage });
  return parts;
}
