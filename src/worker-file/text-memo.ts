/**
 * Results of pure functions of a text (a template's analysis, a JSON Schema's zod form), kept by the
 * text: a template or schema file that every worker of a project uses is worked on once. Bounded by
 * the characters of text kept; the oldest entries are forgotten first.
 */
export interface TextMemo<T> {
  /** The remembered result for `text`, else `compute(text)`, remembered (a throw is not). */
  get(text: string, compute: (text: string) => T): T;
}

/** A memo keeping at most `maxChars` characters of text. */
export function createTextMemo<T>(maxChars: number): TextMemo<T> {
  const results = new Map<string, T>();
  let keptChars = 0;
  return {
    get(text, compute) {
      if (results.has(text)) return results.get(text) as T;
      const result = compute(text);
      if (text.length <= maxChars) {
        results.set(text, result);
        keptChars += text.length;
        while (keptChars > maxChars) {
          const oldest = results.keys().next().value!;
          results.delete(oldest);
          keptChars -= oldest.length;
        }
      }
      return result;
    },
  };
}
