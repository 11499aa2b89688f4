/**
 * A fast path for the template analysis of the instructions most workers have: text with
 * `{{ name }}` / `{{ a.b }}` outputs, `{% include "x.jinja" %}` tags (optionally `ignore missing`) and
 * `{# comments #}` (what `templates/whitespace.ts` adds). Those need no nunjucks parse: they cannot
 * have a syntax error, and their references and names are read off the tags. A project of 20,000
 * workers otherwise spends a tenth of its `check` in nunjucks' lexer on text like this.
 *
 * Anything else (another tag, a `{` that starts no such tag, whitespace control, a stray `#}`, a
 * name nunjucks reads as a keyword or that templates may not use) is declined and the caller parses the source
 * with nunjucks, so the result is always the one nunjucks would give
 * (test/templates/analysis.test.ts compares them).
 */
import type { StaticReference } from './static-reference.ts';
import { isForbiddenName } from './names.ts';

/** The simple tags, each on one line: an output of a dotted name, an include of a quoted name, a comment. */
const SIMPLE_TAG =
  /\{\{[ \t]*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)[ \t]*\}\}|\{%[ \t]*include[ \t]+(?:"([^"\\\n]*)"|'([^'\\\n]*)')([ \t]+ignore[ \t]+missing)?[ \t]*%\}|\{#[\s\S]*?#\}/y;

/** Words nunjucks reads as literals, operators or statements rather than variable names. */
const KEYWORDS = new Set([
  'true',
  'false',
  'none',
  'True',
  'False',
  'None',
  'and',
  'or',
  'not',
  'in',
  'is',
  'if',
  'else',
  'elif',
  'elseif',
  'endif',
  'for',
  'endfor',
  'asyncEach',
  'asyncAll',
  'import',
  'from',
  'as',
  'with',
  'without',
  'context',
  'include',
  'extends',
  'block',
  'endblock',
  'set',
  'endset',
  'macro',
  'endmacro',
  'call',
  'endcall',
  'raw',
  'endraw',
  'verbatim',
  'endverbatim',
  'filter',
  'endfilter',
  'ignore',
  'missing',
  'super',
  'caller',
  'loop',
  'switch',
  'case',
  'default',
  'endswitch',
]);

/** The static references of `source` when it is in the simple subset (then it compiles and uses no forbidden name); else `undefined`. */
export function simpleTemplateReferences(source: string): StaticReference[] | undefined {
  const references: StaticReference[] = [];
  let line = 1;
  let at = 0;
  for (;;) {
    const brace = source.indexOf('{', at);
    const textEnd = brace === -1 ? source.length : brace;
    // In text, nunjucks refuses a stray `#}` (end of a comment never opened).
    const strayCommentEnd = source.indexOf('#}', at);
    if (strayCommentEnd !== -1 && strayCommentEnd < textEnd) return undefined;
    for (let newline = source.indexOf('\n', at); newline !== -1 && newline < textEnd; newline = source.indexOf('\n', newline + 1)) line += 1;
    if (brace === -1) return references;
    SIMPLE_TAG.lastIndex = brace;
    const tag = SIMPLE_TAG.exec(source);
    if (!tag) return undefined;
    const [text, name, doubleQuoted, singleQuoted, ignoreMissing] = tag as unknown as [string, string?, string?, string?, string?];
    if (name?.split('.').some((part) => KEYWORDS.has(part) || isForbiddenName(part))) return undefined;
    const included = doubleQuoted ?? singleQuoted;
    if (included !== undefined) references.push({ kind: 'template', name: included, line, optional: ignoreMissing !== undefined });
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) line += 1;
    at = brace + text.length;
  }
}

/**
 * True for text without a tag (and without the stray `#}` nunjucks refuses): nunjucks renders it as
 * it is, so it needs no nunjucks (test/templates/render.test.ts compares them).
 */
export function isPlainText(source: string): boolean {
  return !source.includes('{') && !source.includes('#}');
}
