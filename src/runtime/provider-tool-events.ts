/**
 * The events of tools a provider ran during a model step (`provider_tools`, docs/models.md): a
 * `tool_call` and a `tool_result` with `provider_executed: true`, each as its part arrives, so they
 * take their place among the step's streamed text and their duration is the provider's (from the
 * call's part to its result's). Nothing runs here and no approval is asked: declaring the tool was
 * the consent.
 */
import type { LanguageModelV4ToolCall, LanguageModelV4ToolResult } from '@ai-sdk/provider';
import type { CallEventBody } from './events.ts';

export interface ProviderToolReporter {
  /** Takes a tool call or result of a provider-run tool, as it arrives (or, for a request that was not streamed, in the answer's order). */
  take(part: LanguageModelV4ToolCall | LanguageModelV4ToolResult): void;
  /** The `web_search` calls seen so far: what the provider bills per search. */
  readonly searches: number;
}

/**
 * A reporter emitting through `emit`. A call whose input is empty (OpenAI's `web_search` sends `{}`
 * and puts what it did in the result's `action`: `{type: 'search', query}`) is announced with its
 * result, its arguments being that action, so a search shows its query.
 */
export function createProviderToolReporter(emit: (body: CallEventBody) => void, now: () => number): ProviderToolReporter {
  const calls = new Map<string, { tool: string; args: unknown; at: number; announced: boolean }>();
  let searches = 0;
  const announce = (toolCallId: string, tool: string, args: unknown) => {
    if (tool === 'web_search') searches++;
    emit({ type: 'tool_call', tool, tool_call_id: toolCallId, args, provider_executed: true });
  };
  return {
    get searches() {
      return searches;
    },
    take(part) {
      if (part.type === 'tool-call') {
        if (!part.providerExecuted) return;
        const args = parseArgs(part.input);
        const announced = !isEmpty(args);
        calls.set(part.toolCallId, { tool: part.toolName, args, at: now(), announced });
        if (announced) announce(part.toolCallId, part.toolName, args);
        return;
      }
      const call = calls.get(part.toolCallId);
      calls.delete(part.toolCallId);
      if (!call?.announced) announce(part.toolCallId, part.toolName, actionOf(part.result) ?? call?.args ?? {});
      const outcome = part.isError
        ? { ok: false as const, error: typeof part.result === 'string' ? part.result : JSON.stringify(part.result) }
        : { ok: true as const, result: part.result };
      const duration_ms = call ? Math.max(0, now() - call.at) : 0;
      emit({ type: 'tool_result', tool: part.toolName, tool_call_id: part.toolCallId, ...outcome, duration_ms, provider_executed: true });
    },
  };
}

/** A provider tool's input: JSON text (empty is no arguments), or the text itself when it is not JSON. */
function parseArgs(input: string): unknown {
  if (input.trim() === '') return {};
  try {
    return JSON.parse(input) as unknown;
  } catch {
    return input;
  }
}

function isEmpty(args: unknown): boolean {
  return typeof args === 'object' && args !== null && Object.keys(args).length === 0;
}

/** What the provider says the tool did (`{action: {type: 'search', query}}` of OpenAI's web search), if it says. */
function actionOf(result: unknown): unknown {
  const action = (result as { action?: unknown } | null | undefined)?.action;
  return typeof action === 'object' && action !== null ? action : undefined;
}
