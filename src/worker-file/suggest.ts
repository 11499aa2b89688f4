/**
 * "Did you mean …?" suggestions for misspelt keys, toolset names and references.
 */
import { distance } from 'fastest-levenshtein';

function normalize(word: string): string {
  return word.toLowerCase().replace(/-/g, '_');
}

/** Levenshtein distance, counting one swap of adjacent letters (`modle`/`model`) as a single edit. */
function editDistance(a: string, b: string): number {
  const d = distance(a, b);
  if (d !== 2 || a.length !== b.length) return d;
  const differ = [...a].flatMap((char, index) => (char === b[index] ? [] : [index]));
  const [i, j] = differ;
  return differ.length === 2 && j === i! + 1 && a[i!] === b[j] && a[j] === b[i!] ? 1 : d;
}

/**
 * The candidate closest to `word` when it is close enough to be a plausible typo
 * (`modle` → `model`, `max-steps` → `max_steps`), else `undefined`.
 */
export function suggestNearest(word: string, candidates: readonly string[]): string | undefined {
  const target = normalize(word);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = editDistance(target, normalize(candidate));
    // On a tie prefer the candidate of the same length (a swap or a substitution over a deletion).
    const closer = d < bestDistance || (d === bestDistance && best !== undefined && lengthGap(candidate, word) < lengthGap(best, word));
    if (closer) {
      best = candidate;
      bestDistance = d;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.floor(Math.max(target.length, best.length) * 0.4));
  return bestDistance <= limit ? best : undefined;
}

function lengthGap(a: string, b: string): number {
  return Math.abs(a.length - b.length);
}

/** `(did you mean "model"?)`, or `(valid <noun>: a, b, c)` when nothing is close. */
export function suggestionClause(word: string, candidates: readonly string[], noun = 'keys'): string {
  const nearest = suggestNearest(word, candidates);
  if (nearest !== undefined) return `(did you mean "${nearest}"?)`;
  return candidates.length > 0 ? `(valid ${noun}: ${candidates.join(', ')})` : `(no ${noun} are allowed here)`;
}
