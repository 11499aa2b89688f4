/**
 * `on_overflow: clear_tool_results` (docs/worker-format.md, "context"): the oldest tool results are
 * replaced by a placeholder saying what was cleared, the newest `keep` left as they are, until the
 * request is down to its low-water mark. The tool calls stay, so every call still has its result.
 */
import type { ModelMessage, ToolModelMessage } from 'ai';
import { estimateTokens } from './history.ts';

/** How a cleared result starts: a result that starts so was cleared before and is not counted again. */
export const CLEARED_PREFIX = '[cleared by llm-do to fit the context budget:';

type ToolResultOutput = Extract<ToolModelMessage['content'][number], { type: 'tool-result' }>['output'];

function outputLength(output: ToolResultOutput): number {
  return 'value' in output ? JSON.stringify(output.value ?? null).length : JSON.stringify(output).length;
}

function isCleared(output: ToolResultOutput): boolean {
  return output.type === 'text' && output.value.startsWith(CLEARED_PREFIX);
}

export interface Cleared {
  messages: ModelMessage[];
  /** Results cleared by this compaction. */
  cleared: number;
  /** Index of the first message changed (messages before it are as they were). */
  firstChanged: number;
}

/**
 * `messages` with the oldest results cleared until `tokens` (the request's count) minus what the
 * clearing saves is at most `target`, keeping the newest `keep` results. Messages that change are
 * copies; the others are the same objects.
 */
export function clearToolResults(messages: readonly ModelMessage[], tokens: number, target: number, keep: number): Cleared {
  const places: { message: number; part: number }[] = [];
  messages.forEach((message, index) => {
    if (message.role !== 'tool') return;
    message.content.forEach((part, partIndex) => {
      if (part.type === 'tool-result' && !isCleared(part.output)) places.push({ message: index, part: partIndex });
    });
  });
  const clearable = places.slice(0, Math.max(0, places.length - keep));
  const out = [...messages];
  let remaining = tokens;
  let cleared = 0;
  let firstChanged = messages.length;
  for (const place of clearable) {
    if (remaining <= target) break;
    const message = out[place.message] as ToolModelMessage;
    const before = estimateTokens(message);
    const content = [...message.content];
    const part = content[place.part] as Extract<ToolModelMessage['content'][number], { type: 'tool-result' }>;
    const placeholder = `${CLEARED_PREFIX} ${part.toolName} returned ${outputLength(part.output)} characters here]`;
    content[place.part] = { ...part, output: { type: 'text', value: placeholder } };
    const changed: ToolModelMessage = { ...message, content };
    out[place.message] = changed;
    remaining -= before - estimateTokens(changed);
    cleared += 1;
    firstChanged = Math.min(firstChanged, place.message);
  }
  return { messages: out, cleared, firstChanged };
}
