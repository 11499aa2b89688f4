/**
 * The sources of a model answer (docs/models.md, "Sources"): what its text cites (Anthropic's
 * citations, OpenAI's `url_citation` annotations), or, when it cites nothing, the sources the
 * provider grounded it on (Google Search grounding). Each source once, in the order first seen.
 */
import type { LanguageModelV4Content, LanguageModelV4Source } from '@ai-sdk/provider';
import type { AnswerSource } from './events.ts';

export function answerSources(content: readonly LanguageModelV4Content[]): AnswerSource[] {
  const cited = content.flatMap((part) => (part.type === 'text' ? (part.citations ?? []).map((citation) => citation.source) : []));
  const found = cited.length > 0 ? cited : content.filter((part): part is LanguageModelV4Source => part.type === 'source');
  const seen = new Set<string>();
  const sources: AnswerSource[] = [];
  for (const source of found) {
    const kept = keptSource(source);
    const key = kept.type === 'url' ? kept.url : `${kept.title}\u0000${kept.filename ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    sources.push(kept);
  }
  return sources;
}

function keptSource(source: LanguageModelV4Source): AnswerSource {
  if (source.sourceType === 'url') return { type: 'url', url: source.url, ...(source.title ? { title: source.title } : {}) };
  return { type: 'document', title: source.title, media_type: source.mediaType, ...(source.filename ? { filename: source.filename } : {}) };
}
