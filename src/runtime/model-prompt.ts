/**
 * What a model was really sent (docs/cli.md): the provider-level prompt, tool declarations and settings
 * of each request, as `model_prompt` events. Within one model loop every request repeats the last
 * one's messages and appends to them, so an event carries only the messages from `prompt_from` on,
 * and tools only when they changed: a long loop costs linear, not quadratic, event volume.
 * `createPromptAssembler` rebuilds the full prompt of each request for consumers (run store, telemetry).
 */
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import type { RunEvent } from './events.ts';

export type ModelPromptEvent = Extract<RunEvent, { type: 'model_prompt' }>;

/** The part of a `model_prompt` event that describes the request. */
export type ModelPromptBody = Pick<ModelPromptEvent, 'prompt_from' | 'prompt_base' | 'messages' | 'tools' | 'settings'>;

/** Call options that are neither the prompt, the tools, nor things that must not be recorded (headers may hold keys). */
const UNRECORDED_OPTIONS = new Set(['prompt', 'tools', 'headers', 'abortSignal', 'includeRawChunks']);

/** What a recorder knows of the last request it described: its messages as sent, its tools. */
interface RecordedRequest {
  messages: { message: unknown; text: string }[];
  tools: string | undefined;
  toolList: readonly unknown[] | undefined;
}

/** The last request of another call, which a recorder's first request may extend (a chat's turn before). */
export interface PromptBase {
  request: { run_id: string; call_id: string; step: number };
  recorded: RecordedRequest;
}

export interface PromptRecorder {
  (options: LanguageModelV4CallOptions): ModelPromptBody;
  /** The last request described, as a base for another call's recorder (`id` names it), if any. */
  baseFor(id: PromptBase['request']): PromptBase | undefined;
}

/**
 * Describes the requests of one model loop, each relative to the previous one; the first relative
 * to `base` when given (`prompt_base`), and when it extends it.
 */
export function createPromptRecorder(base?: PromptBase): PromptRecorder {
  // Its own copy of the base's messages: they are updated in place as requests go.
  let last: RecordedRequest = base ? { ...base.recorded, messages: [...base.recorded.messages] } : { messages: [], tools: undefined, toolList: undefined };
  let lastBase = base?.request;
  const describe = (options: LanguageModelV4CallOptions): ModelPromptBody => {
    const { prompt } = options;
    const previous = last.messages;
    const known = previous.length;
    // Message objects repeated from the last request (the engine splices them back) are not
    // serialised again; another object is compared by its text: a step's work is what it added.
    let extension = prompt.length >= known;
    for (let index = 0; index < prompt.length; index++) {
      const message = prompt[index];
      const before = previous[index];
      if (before?.message === message) continue;
      const entry = { message, text: JSON.stringify(recordable(message)) };
      if (before && before.text !== entry.text) extension = false;
      previous[index] = entry;
    }
    previous.length = prompt.length;
    // Only a pure extension is sent as a delta; anything else is sent whole.
    const from = extension ? known : 0;
    const messages = previous;
    const toolList = options.tools ?? [];
    // The SDK builds each request's tool list anew from the same declarations: the same values
    // need not be serialised again to know they did not change.
    const sameList = last.toolList !== undefined && sameItems(toolList, last.toolList);
    const tools = sameList ? last.tools! : JSON.stringify(recordable(toolList));
    const toolsChanged = from === 0 || tools !== last.tools;
    const extended = from > 0 ? lastBase : undefined;
    last = { messages: previous, tools, toolList };
    lastBase = undefined;
    const settings: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(options)) {
      if (!UNRECORDED_OPTIONS.has(key) && value !== undefined) settings[key] = recordable(value);
    }
    return {
      prompt_from: from,
      ...(extended ? { prompt_base: extended } : {}),
      messages: messages.slice(from).map(({ text }) => JSON.parse(text) as unknown),
      ...(toolsChanged ? { tools: JSON.parse(tools) as unknown[] } : {}),
      settings,
    };
  };
  return Object.assign(describe, {
    baseFor: (request: PromptBase['request']) => (last.messages.length > 0 ? { request, recorded: last } : undefined),
  });
}

/** Lists of the same length whose items have the same keys with identical values. */
function sameItems(list: readonly unknown[], other: readonly unknown[]): boolean {
  return list.length === other.length && list.every((item, index) => shallowEqual(item, other[index]));
}

function shallowEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key])
  );
}

/** A prompt part as JSON: binary data (attachments) is kept as its size, not its bytes. */
function recordable(value: unknown): unknown {
  if (value instanceof Uint8Array) return { omitted_bytes: value.byteLength };
  if (value instanceof ArrayBuffer) return { omitted_bytes: value.byteLength };
  if (value instanceof URL) return value.href;
  if (Array.isArray(value)) return value.map(recordable);
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) copy[key] = recordable(item);
    return copy;
  }
  return value;
}

/** The full request a `model_prompt` event describes. */
export interface AssembledPrompt {
  messages: unknown[];
  tools: unknown[];
  settings: Record<string, unknown>;
}

/**
 * Rebuilds each request's full prompt from `model_prompt` events, fed in `seq` order. A request that
 * extends another call's (`prompt_base`) takes its first messages from `baseOf`, by default the last
 * prompt this assembler rebuilt of that call (a chat session's events, fed turn after turn).
 */
export function createPromptAssembler(
  baseOf?: (base: NonNullable<ModelPromptEvent['prompt_base']>) => { messages: unknown[]; tools: unknown[] } | undefined,
): (event: ModelPromptEvent) => AssembledPrompt {
  const byCall = new Map<string, { messages: unknown[]; tools: unknown[] }>();
  return (event) => {
    const base = event.prompt_base;
    const previous = event.prompt_from === 0 && !base ? undefined : base ? (baseOf?.(base) ?? byCall.get(base.call_id)) : byCall.get(event.call_id);
    const messages = [...(previous?.messages.slice(0, event.prompt_from) ?? []), ...event.messages];
    const tools = event.tools ?? previous?.tools ?? [];
    byCall.set(event.call_id, { messages, tools });
    return { messages, tools, settings: event.settings };
  };
}
