/**
 * The sources of a model answer (docs/models.md, "Sources"): what its text cites (Anthropic's
 * citations, OpenAI's `url_citation` annotations), or, when it cites nothing, the sources the
 * provider grounded it on (Google Search grounding). Each source once, in the order first seen.
 */
import type { LanguageModelV4Content, LanguageModelV4Source } from '@ai-sdk/provider';
import type { EventBus } from './event-bus.ts';
import type { AnswerSource } from './events.ts';

/** The sources of `content` (see the file's comment). */
export function answerSources(content: readonly LanguageModelV4Content[]): AnswerSource[] {
  const cited = content.flatMap((part) => (part.type === 'text' ? (part.citations ?? []).map((citation) => citation.source) : []));
  const found = cited.length > 0 ? cited : content.filter((part): part is LanguageModelV4Source => part.type === 'source');
  return withoutRepeats(found.map(keptSource));
}

/**
 * The sources of every model step of the call `callId` (a run's entry call: the run's answer), as
 * `bus` reports them: `read()` them when the run has ended, then `stop()` listening (a chat's bus
 * outlives each turn).
 */
export function collectCallSources(bus: EventBus, callId: string): { read(): AnswerSource[]; stop(): void } {
  const sources: AnswerSource[] = [];
  const stop = bus.subscribe(
    (event) => {
      if (event.type === 'model_step' && event.call_id === callId && event.sources) sources.push(...event.sources);
    },
    { lossless: true },
  );
  return { read: () => withoutRepeats(sources), stop };
}

function withoutRepeats(sources: readonly AnswerSource[]): AnswerSource[] {
  const seen = new Set<string>();
  return sources.filter((source) => {
    const key = source.type === 'url' ? source.url : `${source.title}\u0000${source.filename ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function keptSource(source: LanguageModelV4Source): AnswerSource {
  if (source.sourceType === 'url') return { type: 'url', url: source.url, ...(source.title ? { title: source.title } : {}) };
  return { type: 'document', title: source.title, media_type: source.mediaType, ...(source.filename ? { filename: source.filename } : {}) };
}
