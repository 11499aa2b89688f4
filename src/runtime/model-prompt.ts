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
export type ModelPromptBody = Pick<ModelPromptEvent, 'prompt_from' | 'messages' | 'tools' | 'settings'>;

/** Call options that are neither the prompt, the tools, nor things that must not be recorded (headers may hold keys). */
const UNRECORDED_OPTIONS = new Set(['prompt', 'tools', 'headers', 'abortSignal', 'includeRawChunks']);

/** Describes the requests of one model loop, each relative to the previous one. */
export function createPromptRecorder(): (options: LanguageModelV4CallOptions) => ModelPromptBody {
  const previous: { message: unknown; text: string }[] = [];
  let previousTools: string | undefined;
  let previousToolList: readonly unknown[] | undefined;
  return (options) => {
    const { prompt } = options;
    // Message objects repeated from the last request (the engine splices them back) are neither
    // compared nor serialised again: a step's work is what it added.
    let same = 0;
    const repeated = Math.min(previous.length, prompt.length);
    while (same < repeated && previous[same]!.message === prompt[same]) same++;
    const fresh = prompt.slice(same).map((message) => ({ message, text: JSON.stringify(recordable(message)) }));
    let from = same;
    while (from < previous.length && from - same < fresh.length && fresh[from - same]!.text === previous[from]!.text) from++;
    // Only a pure extension is sent as a delta; anything else is sent whole.
    if (from < previous.length) from = 0;
    previous.length = same;
    for (const entry of fresh) previous.push(entry);
    const messages = previous;
    const toolList = options.tools ?? [];
    // The SDK builds each request's tool list anew from the same declarations: the same values
    // need not be serialised again to know they did not change.
    const sameList = previousToolList !== undefined && sameItems(toolList, previousToolList);
    const tools = sameList ? previousTools! : JSON.stringify(recordable(toolList));
    const toolsChanged = tools !== previousTools;
    previousTools = tools;
    previousToolList = toolList;
    const settings: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(options)) {
      if (!UNRECORDED_OPTIONS.has(key) && value !== undefined) settings[key] = recordable(value);
    }
    return {
      prompt_from: from,
      messages: messages.slice(from).map(({ text }) => JSON.parse(text) as unknown),
      ...(toolsChanged ? { tools: JSON.parse(tools) as unknown[] } : {}),
      settings,
    };
  };
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

/** Rebuilds each request's full prompt from a run's `model_prompt` events, fed in `seq` order. */
export function createPromptAssembler(): (event: ModelPromptEvent) => AssembledPrompt {
  const byCall = new Map<string, { messages: unknown[]; tools: unknown[] }>();
  return (event) => {
    const previous = event.prompt_from === 0 ? undefined : byCall.get(event.call_id);
    const messages = [...(previous?.messages.slice(0, event.prompt_from) ?? []), ...event.messages];
    const tools = event.tools ?? previous?.tools ?? [];
    byCall.set(event.call_id, { messages, tools });
    return { messages, tools, settings: event.settings };
  };
}
