/**
 * A `context_compaction` event as one line, as the terminal shows it and the run log keeps it
 * (docs/worker-format.md, "context").
 */
import type { RunEvent } from './events.ts';

type CompactionEvent = Extract<RunEvent, { type: 'context_compaction' }>;

export function describeCompaction(event: Omit<CompactionEvent, 'v' | 'seq' | 'ts'>): string {
  const what =
    event.strategy === 'clear_tool_results'
      ? `cleared ${event.cleared_tool_results ?? 0} old tool result${event.cleared_tool_results === 1 ? '' : 's'}`
      : `summarized ${event.summarized_messages ?? 0} older message${event.summarized_messages === 1 ? '' : 's'} with ${event.summary_model ?? 'the worker model'}`;
  const cache = event.cached_tokens_before > 0 ? `; about ${event.cached_tokens_invalidated} of ${event.cached_tokens_before} cached tokens invalidated` : '';
  const counted = event.counted === 'estimate' ? ' (estimated)' : '';
  return `context: ${what} before request ${event.step}: ~${event.tokens_before} → ~${event.tokens_after} tokens${counted}, budget ${event.budget}${cache}`;
}
