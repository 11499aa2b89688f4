/**
 * `on_overflow: summarize` (docs/worker-format.md, "context"): the older messages of a call are
 * replaced by a summary another model request writes (the worker's `context.summary_model`, else its
 * own model). The cut falls before an assistant message, so a tool call is never kept without its
 * result; the call's input stays word for word.
 */
import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import { estimateMessages } from './context-policy.ts';

const SUMMARY_INSTRUCTIONS = [
  'You summarize the earlier part of an agent run so that it can go on within its context budget.',
  "Write a concise summary of the transcript you are given: the user's request, what was done (tool calls and what they found),",
  'decisions taken, facts and values the rest of the work needs, and what remains to do. Reply with the summary only.',
].join(' ');

/** How the summary message starts, naming what it replaces. */
export function summaryHeading(count: number): string {
  return `[llm-do summarized ${count} earlier message${count === 1 ? '' : 's'} to fit the context budget]`;
}

/**
 * Where to cut `messages`: before the earliest assistant message whose tail fits `target` tokens
 * (with `fixed` for instructions and tools), keeping at least the newest `keep` messages and leaving
 * something besides the call's input (`messages[historyLength]`) to summarize; the latest such cut
 * when no tail fits; undefined when there is none.
 */
export function summaryCut(messages: readonly ModelMessage[], historyLength: number, fixed: number, target: number, keep: number): number | undefined {
  let best: number | undefined;
  let tail = 0;
  for (let index = messages.length - 1; index >= 1; index--) {
    tail += estimateMessages([messages[index]!]);
    const replaced = index - (historyLength < index ? 1 : 0);
    if (messages.length - index < keep || messages[index]!.role !== 'assistant' || replaced < 1) continue;
    if (fixed + tail > target) return best ?? index;
    best = index;
  }
  return best;
}

/** A message as one line of the transcript the summarizer reads (parts that are not text shown by kind). */
function transcriptLines(message: ModelMessage): string[] {
  if (typeof message.content === 'string') return [`[${message.role}] ${message.content}`];
  return message.content.map((part) => {
    switch (part.type) {
      case 'text':
        return `[${message.role}] ${part.text}`;
      case 'tool-call':
        return `[tool call] ${part.toolName} ${JSON.stringify(part.input)}`;
      case 'tool-result':
        return `[tool result] ${part.toolName} ${JSON.stringify('value' in part.output ? part.output.value : part.output)}`;
      default:
        return `[${message.role}: ${part.type}]`;
    }
  });
}

/** The summary `model` writes of `messages`, as plain text; its usage goes to `onUsage`. */
export async function writeSummary(
  model: LanguageModelV4,
  messages: readonly ModelMessage[],
  options: { abortSignal: AbortSignal; onUsage: (usage: Awaited<ReturnType<LanguageModelV4['doGenerate']>>['usage']) => void },
): Promise<string> {
  const transcript = messages.flatMap(transcriptLines).join('\n');
  const result = await model.doGenerate({
    prompt: [
      { role: 'system', content: SUMMARY_INSTRUCTIONS },
      { role: 'user', content: [{ type: 'text', text: `Transcript to summarize:\n\n${transcript}` }] },
    ],
    abortSignal: options.abortSignal,
  });
  options.onUsage(result.usage);
  return result.content
    .flatMap((part) => (part.type === 'text' ? [part.text] : []))
    .join('')
    .trim();
}

/**
 * `messages` with those before `cut` replaced by the summary (as a user message), the call's input
 * (`messages[historyLength]`) kept after it when it was among them; and the new `historyLength`.
 */
export function withSummary(
  messages: readonly ModelMessage[],
  historyLength: number,
  cut: number,
  summary: string,
): { messages: ModelMessage[]; historyLength: number } {
  const input = historyLength < cut ? messages[historyLength] : undefined;
  const replaced = cut - (input ? 1 : 0);
  const summaryMessage: ModelMessage = { role: 'user', content: `${summaryHeading(replaced)}\n\n${summary}` };
  return {
    messages: [summaryMessage, ...(input ? [input] : []), ...messages.slice(cut)],
    // The earlier turns of a chat, and the part of this call that came before the cut, are now the summary.
    historyLength: input ? 1 : historyLength - cut + 1,
  };
}
