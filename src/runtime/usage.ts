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
      let input_tokens = 0;
      let output_tokens = 0;
      for (const usage of byWorker.values()) {
        input_tokens += usage.input_tokens;
        output_tokens += usage.output_tokens;
      }
      // fromEntries defines own properties: a worker named `__proto__` stays a key, not a prototype.
      const by_worker: Record<string, TokenUsage> = Object.fromEntries([...byWorker].map(([worker, usage]) => [worker, { ...usage }]));
      return { input_tokens, output_tokens, by_worker };
    },
  };
}
