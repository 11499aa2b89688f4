/**
 * The input excerpt of a run list row (docs/runs.md, "llm-do runs"): enough of what a run was asked to
 * tell ten runs of one worker apart, on one line.
 */

/** Characters an excerpt keeps before its `…`. */
export const EXCERPT_LENGTH = 80;

/** The first {@link EXCERPT_LENGTH} characters of `input` (text as is, anything else as JSON) on one line; null for no input. */
export function inputExcerpt(input: unknown): string | null {
  if (input === undefined || input === null) return null;
  const text = (typeof input === 'string' ? input : (JSON.stringify(input) ?? '')).replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  // Whole code points: a cut must not split a surrogate pair.
  const points = [...text];
  return points.length > EXCERPT_LENGTH ? `${points.slice(0, EXCERPT_LENGTH).join('').trimEnd()}…` : text;
}
