/**
 * What the template analysis reports of a source: each template or file it names by a string
 * literal. Both analyses produce it, nunjucks' (`templates/ast.ts`) and the fast path for simple
 * instructions (`templates/simple-template.ts`), so it lives apart from either.
 */

/** A template or file named by a string literal in a source. */
export interface StaticReference {
  kind: 'template' | 'file';
  name: string;
  /** 1-based line of the reference. */
  line: number;
  /** `{% include ... ignore missing %}`. */
  optional: boolean;
}
