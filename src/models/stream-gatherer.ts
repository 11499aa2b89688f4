/**
 * The one place where a provider's stream parts (`LanguageModelV4StreamPart`) add up to the answer a
 * non-streaming request would have given (`LanguageModelV4GenerateResult`): the model step gathers
 * its streamed requests with it, and a cassette gathers what it records.
 */
import type {
  LanguageModelV4Citation,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
  SharedV4ProviderMetadata,
} from '@ai-sdk/provider';
import { isCommentary } from './answer-phase.ts';
import { restartOf, type StreamRestart } from './retrying-model.ts';

export interface GatherListener {
  /** The answer's text as it arrives, the deltas read in one turn of the event loop merged into one (commentary is not the answer: see `onCommentary`). */
  onTextDelta?(text: string): void;
  /** Reasoning as it arrives: `''` when a reasoning part starts (some providers stream no reasoning text at all), then its deltas. */
  onReasoning?(text: string): void;
  /** A whole commentary message (OpenAI Responses' `commentary` phase), when it ends. */
  onCommentary?(text: string): void;
  /** The usage of the finish part (and its provider metadata), as soon as it arrives. */
  onUsage?(usage: LanguageModelV4Usage, providerMetadata: SharedV4ProviderMetadata | undefined): void;
  /** A tool call or result of a tool the provider ran (`providerExecuted`), as it arrives. */
  onProviderTool?(part: Extract<LanguageModelV4StreamPart, { type: 'tool-call' | 'tool-result' }>): void;
  /**
   * The stream failed and a new attempt follows (`retrying-model.ts`): what was gathered so far is
   * dropped, and text held back was reported first.
   */
  onRestart?(restart: StreamRestart): void;
}

export interface StreamGatherer {
  /** Takes one part; an `error` part is thrown (a cassette passes those on without adding them). */
  add(part: LanguageModelV4StreamPart): void;
  /** Reports text held back for the next turn now (call before anything else is shown, and at the end). */
  flushText(): void;
  /** Whether a `finish` part arrived. */
  readonly finished: boolean;
  /** The gathered answer; throws when the stream ended without a finish part. */
  result(envelope?: Pick<LanguageModelV4GenerateResult, 'request' | 'response'>): LanguageModelV4GenerateResult;
}

type OpenText = { type: 'text' | 'reasoning'; text: string; providerMetadata?: unknown; commentary?: boolean; citations?: LanguageModelV4Citation[] };

export function createStreamGatherer(listener: GatherListener = {}): StreamGatherer {
  let content: LanguageModelV4Content[] = [];
  // Text and reasoning are built from their deltas, in the order they started.
  const open = new Map<string, OpenText>();
  let warnings: LanguageModelV4GenerateResult['warnings'] = [];
  let metadata: Record<string, unknown> = {};
  let finish: Extract<LanguageModelV4StreamPart, { type: 'finish' }> | undefined;
  // A fast provider sends a delta per token and a socket read carries thousands: the deltas read in
  // one turn are reported as one, at the next turn or before anything else (docs/runs.md).
  let held = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flushText = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (held === '') return;
    const text = held;
    held = '';
    listener.onTextDelta?.(text);
  };
  const started = (type: 'text' | 'reasoning', id: string, providerMetadata: unknown): OpenText => {
    const part: OpenText = { type, text: '', ...(providerMetadata ? { providerMetadata } : {}) };
    // The phase comes with the message's start: commentary never streams as the answer.
    if (type === 'text' && isCommentary(providerMetadata)) part.commentary = true;
    open.set(`${type}:${id}`, part);
    content.push(part as LanguageModelV4Content);
    if (type === 'reasoning') listener.onReasoning?.('');
    return part;
  };
  const grown = (type: 'text' | 'reasoning', id: string, delta: string): OpenText => {
    const part = open.get(`${type}:${id}`) ?? started(type, id, undefined);
    part.text += delta;
    return part;
  };
  // Metadata that arrives with a delta or at a part's end (Anthropic's thinking signature, OpenAI's
  // encrypted reasoning, a text's phase) belongs to the part: a later request sends it back.
  const addMetadata = (part: OpenText | undefined, providerMetadata: unknown) => {
    if (part && providerMetadata) part.providerMetadata = { ...(part.providerMetadata as object), ...(providerMetadata as object) };
  };
  const ended = (type: 'text' | 'reasoning', id: string, providerMetadata: unknown, citations: LanguageModelV4Citation[] | undefined) => {
    const part = open.get(`${type}:${id}`);
    addMetadata(part, providerMetadata);
    if (part && citations && citations.length > 0) part.citations = [...(part.citations ?? []), ...citations];
    if (part?.commentary && part.text !== '') listener.onCommentary?.(part.text);
  };
  const restart = (what: StreamRestart) => {
    content = [];
    open.clear();
    warnings = [];
    metadata = {};
    finish = undefined;
    listener.onRestart?.(what);
  };
  return {
    flushText,
    get finished() {
      return finish !== undefined;
    },
    add(part) {
      if (part.type === 'text-delta') {
        if (grown('text', part.id, part.delta).commentary) return;
        if (listener.onTextDelta) {
          held += part.delta;
          timer ??= setTimeout(flushText, 0);
        }
        return;
      }
      flushText();
      switch (part.type) {
        case 'text-start':
        case 'reasoning-start':
          started(part.type === 'text-start' ? 'text' : 'reasoning', part.id, part.providerMetadata);
          return;
        case 'reasoning-delta':
          addMetadata(grown('reasoning', part.id, part.delta), part.providerMetadata);
          if (part.delta !== '') listener.onReasoning?.(part.delta);
          return;
        case 'text-end':
          ended('text', part.id, part.providerMetadata, part.citations);
          return;
        case 'reasoning-end':
          ended('reasoning', part.id, part.providerMetadata, undefined);
          return;
        case 'tool-call':
        case 'tool-result':
          content.push(part);
          // Tool results in a response are always the provider's own.
          if (part.type === 'tool-result' || part.providerExecuted) listener.onProviderTool?.(part);
          return;
        case 'custom': {
          const restarted = restartOf(part);
          if (restarted) restart(restarted);
          else content.push(part);
          return;
        }
        case 'tool-approval-request':
        case 'file':
        case 'reasoning-file':
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
          listener.onUsage?.(part.usage, part.providerMetadata);
          return;
        case 'error':
          throw part.error;
        default:
          // Partial tool input, raw chunks, pings: nothing the answer needs.
          return;
      }
    },
    result(envelope = {}) {
      if (!finish) throw new Error('the model stream ended without a finish part');
      return {
        content: content
          .filter(
            (part) => !((part.type === 'text' || part.type === 'reasoning') && part.text === '' && !part.providerMetadata && !(part as OpenText).citations),
          )
          .map((part) => {
            if (!('commentary' in part)) return part;
            const { commentary: _commentary, ...rest } = part as OpenText;
            return rest as LanguageModelV4Content;
          }),
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
