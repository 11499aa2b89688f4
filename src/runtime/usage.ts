/** Token usage of a run, per worker and in total. */
import type { TokenUsage, UsageSummary } from './events.ts';

export interface UsageMeter {
  add(worker: string, usage: { inputTokens?: number | undefined; outputTokens?: number | undefined }): TokenUsage;
  summary(): UsageSummary;
}

export function createUsageMeter(): UsageMeter {
  const byWorker = new Map<string, TokenUsage>();
  return {
    add(worker, usage) {
      const delta = { input_tokens: usage.inputTokens ?? 0, output_tokens: usage.outputTokens ?? 0 };
      const current = byWorker.get(worker) ?? { input_tokens: 0, output_tokens: 0 };
      current.input_tokens += delta.input_tokens;
      current.output_tokens += delta.output_tokens;
      byWorker.set(worker, current);
      return delta;
    },
    summary() {
      const by_worker: Record<string, TokenUsage> = {};
      let input_tokens = 0;
      let output_tokens = 0;
      for (const [worker, usage] of byWorker) {
        by_worker[worker] = { ...usage };
        input_tokens += usage.input_tokens;
        output_tokens += usage.output_tokens;
      }
      return { input_tokens, output_tokens, by_worker };
    },
  };
}
