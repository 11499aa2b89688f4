/**
 * The wire side of one model step, as a middleware under `generateText`: it reports the request as
 * it is sent (`model_prompt`: the provider-level prompt) and the response's usage as soon as the
 * provider sends it, so a step cut short after its response still counts (docs/cli.md). A streamed
 * step makes the provider's streaming request, reports text as it arrives and gathers the parts
 * into the result a non-streaming request would have given: each engine step is one AI SDK call,
 * and `streamText` builds a dozen web streams per call that a single step does not need (with them,
 * streamed steps cost 1.8× a bare `streamText` loop; docs/decisions.md, "The engine").
 */
import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Middleware,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';

export interface StepMeter {
  onRequest(options: LanguageModelV3CallOptions): void;
  onUsage(usage: LanguageModelV3Usage): void;
  /** Streamed steps only: text as it arrives, deltas of one turn of the event loop merged into one. */
  onTextDelta?(text: string): void;
}

/** The step's middleware: a plain request, or (with `stream`) a streamed one turned into the same result. */
export function meteredStep(meter: StepMeter, stream: boolean): LanguageModelV3Middleware {
  return {
    specificationVersion: 'v3',
    async wrapGenerate({ doGenerate, doStream, params }) {
      meter.onRequest(params);
      if (!stream) {
        const result = await doGenerate();
        meter.onUsage(result.usage);
        return result;
      }
      const { stream: parts, request, response } = await doStream();
      const gathered = gatherParts(meter);
      const reader = parts.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          gathered.add(value);
        }
      } finally {
        gathered.flushText();
        reader.releaseLock();
      }
      return gathered.result({ ...(request ? { request } : {}), ...(response ? { response } : {}) });
    },
  };
}

type Envelope = Pick<LanguageModelV3GenerateResult, 'request' | 'response'>;

function gatherParts(meter: StepMeter) {
  const content: LanguageModelV3Content[] = [];
  // Text and reasoning are built from their deltas, in the order they started.
  const open = new Map<string, { type: 'text' | 'reasoning'; text: string }>();
  const warnings: LanguageModelV3GenerateResult['warnings'] = [];
  let metadata: Record<string, unknown> = {};
  let finish: Extract<LanguageModelV3StreamPart, { type: 'finish' }> | undefined;
  // A fast provider sends a delta per token and a socket read carries thousands: the deltas read in
  // one turn are reported as one, at the next turn or before anything else (linear display, docs/cli.md).
  let held = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flushText = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (held === '') return;
    const text = held;
    held = '';
    meter.onTextDelta?.(text);
  };
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
    flushText,
    add(part: LanguageModelV3StreamPart): void {
      if (part.type === 'text-delta') {
        grown('text', part.id, part.delta);
        held += part.delta;
        timer ??= setTimeout(flushText, 0);
        return;
      }
      flushText();
      switch (part.type) {
        case 'text-start':
        case 'reasoning-start':
          started(part.type === 'text-start' ? 'text' : 'reasoning', part.id, part.providerMetadata);
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
          meter.onUsage(part.usage);
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
