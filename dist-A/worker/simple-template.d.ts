/**
 * A fast path for the template analysis of the instructions most workers have: text with
 * `{{ name }}` / `{{ a.b }}` outputs, `{% include "x.jinja" %}` tags (optionally `ignore missing`) and
 * `{# comments #}` (what `template-whitespace.ts` adds). Those need no nunjucks parse: they cannot
 * have a syntax error, and their references and names are read off the tags. A project of 20,000
 * workers otherwise spends a tenth of its `check` in nunjucks' lexer on text like this.
 *
 * Anything else (another tag, a `{` that starts no such tag, whitespace control, a stray `#}`, a
 * name nunjucks reads as a keyword or that templates may not use) is declined and the caller parses the source
 * with nunjucks, so the result is always the one nunjucks would give
 * (test/worker/template-analysis.test.ts compares them).
 */
import type { StaticReference } from './template-ast.ts';
/** The static references of `source` when it is in the simple subset (then it compiles and uses no forbidden name); else `undefined`. */
export declare function simpleTemplateReferences(source: string): StaticReference[] | undefined;
