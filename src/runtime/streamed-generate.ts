/**
 * A model step that streams on the wire but is driven through `generateText`: the request is the
 * provider's streaming request, text deltas are reported as they arrive, and the parts are gathered
 * into the result a non-streaming request would have given. Each engine step is one AI SDK call,
 * and `streamText` builds a dozen web streams per call (with a promise per chunk through each) that
 * a single step does not need: streaming steps cost 1.8× a bare `streamText` loop with them
 * (docs/decisions.md, "The engine").
 */
import type { LanguageModelV3Content, LanguageModelV3GenerateResult, LanguageModelV3Middleware, LanguageModelV3StreamPart } from '@ai-sdk/provider';

export function streamedGenerate(onTextDelta: (text: string) => void): LanguageModelV3Middleware {
  return {
    specificationVersion: 'v3',
    async wrapGenerate({ doStream }) {
      const { stream, request, response } = await doStream();
      const gathered = gatherParts(onTextDelta);
      const reader = stream.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          gathered.add(value);
        }
      } finally {
        reader.releaseLock();
      }
      return gathered.result({ ...(request ? { request } : {}), ...(response ? { response } : {}) });
    },
  };
}

type Envelope = Pick<LanguageModelV3GenerateResult, 'request' | 'response'>;

function gatherParts(onTextDelta: (text: string) => void) {
  const content: LanguageModelV3Content[] = [];
  // Text and reasoning are built from their deltas, in the order they started.
  const open = new Map<string, { type: 'text' | 'reasoning'; text: string }>();
  const warnings: LanguageModelV3GenerateResult['warnings'] = [];
  let metadata: Record<string, unknown> = {};
  let finish: Extract<LanguageModelV3StreamPart, { type: 'finish' }> | undefined;
  const started = (type: 'text' | 'reasoning', id: string, providerMetadata: unknown) => {
    const part = { type, text: '', ...(providerMetadata ? { providerMetadata } : {}) };
    open.set(`${type}:${id}`, part);
    content.push(part as LanguageModelV3Content);
    return part;
  };
  const grown = (type: 'text' | 'reasoning', id: string, delta: string) => {
    (open.get(`${type}:${id}`) ?? started(type, id, undefined)).text += delta;
  };
  return {
    add(part: LanguageModelV3StreamPart): void {
      switch (part.type) {
        case 'text-start':
        case 'reasoning-start':
          started(part.type === 'text-start' ? 'text' : 'reasoning', part.id, part.providerMetadata);
          return;
        case 'text-delta':
          grown('text', part.id, part.delta);
          if (part.delta.length > 0) onTextDelta(part.delta);
          return;
        case 'reasoning-delta':
          grown('reasoning', part.id, part.delta);
          return;
        case 'tool-call':
        case 'tool-result':
        case 'tool-approval-request':
        case 'file':
        case 'source':
          content.push(part);
          return;
        case 'stream-start':
          warnings.push(...part.warnings);
          return;
        case 'response-metadata': {
          const { type: _type, ...rest } = part;
          metadata = { ...metadata, ...rest };
          return;
        }
        case 'finish':
          finish = part;
          return;
        case 'error':
          throw part.error;
        default:
          // Partial tool input, raw chunks, ends of text: nothing the result needs.
          return;
      }
    },
    result(envelope: Envelope): LanguageModelV3GenerateResult {
      if (!finish) throw new Error('the model stream ended without a finish part');
      return {
        content: content.filter((part) => !((part.type === 'text' || part.type === 'reasoning') && part.text === '' && !part.providerMetadata)),
        finishReason: finish.finishReason,
        usage: finish.usage,
        ...(finish.providerMetadata ? { providerMetadata: finish.providerMetadata } : {}),
        ...(envelope.request ? { request: envelope.request } : {}),
        response: { ...metadata, ...envelope.response },
        warnings,
      };
    },
  };
}
