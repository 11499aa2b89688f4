/**
 * The template analysis `check` runs per worker (issue 14): no parse for the simplest texts, else one
 * parse, one walk and a compile only when it could fail, must find exactly what nunjucks' own
 * compile and `findAll` find, and a text many workers share is analysed once.
 */
import nunjucks from 'nunjucks';
import { expect, test } from 'vitest';
import { simpleTemplateReferences } from '../../src/templates/simple-template.ts';
import { analyzeTemplate } from '../../src/templates/ast.ts';
import { forbiddenNameMessage, isForbiddenName } from '../../src/templates/names.ts';

const OPTIONS = { autoescape: false, throwOnUndefined: true };
const internals = nunjucks as unknown as {
  compiler: { compile(src: string, asyncFilters: unknown[], extensions: unknown[], name: string, opts: object): string };
  parser: { parse(src: string, extensions: unknown[], opts: object): any };
  nodes: Record<string, unknown>;
};

/** What the analysis should say, computed the straightforward way: compile the source, then `findAll` per node type. */
function oracle(source: string) {
  try {
    internals.compiler.compile(source, [], [], 'x', OPTIONS);
  } catch (error: any) {
    return { error: { message: String(error.message).replace(/^\([^\n]*\)\s*/, ''), line: error.lineno || undefined, column: error.colno || undefined } };
  }
  const ast = internals.parser.parse(source, [], OPTIONS);
  const named = (node: any) => (typeof node?.value === 'string' && isForbiddenName(node.value) ? node : undefined);
  const offenders = [
    ...ast.findAll(internals.nodes.Symbol).map(named),
    ...ast.findAll(internals.nodes.LookupVal).map((node: any) => named(node.val)),
    ...ast.findAll(internals.nodes.Pair).map((node: any) => named(node.key)),
  ].filter(Boolean);
  const first = offenders.sort((a: any, b: any) => a.lineno - b.lineno || a.colno - b.colno)[0];
  const references: unknown[] = [];
  for (const type of ['Include', 'Extends', 'Import', 'FromImport']) {
    for (const node of ast.findAll(internals.nodes[type])) {
      if (node.template?.typename === 'Literal' && typeof node.template.value === 'string') {
        references.push({ kind: 'template', name: node.template.value, line: node.lineno + 1, optional: node.ignoreMissing === true });
      }
    }
  }
  for (const call of ast.findAll(internals.nodes.FunCall)) {
    const argument = call.args?.children?.[0];
    if (call.name.typename === 'Symbol' && call.name.value === 'file' && argument?.typename === 'Literal' && typeof argument.value === 'string') {
      references.push({ kind: 'file', name: argument.value, line: call.lineno + 1, optional: false });
    }
  }
  return {
    forbiddenName: first && { message: forbiddenNameMessage(String(first.value)), line: first.lineno + 1, column: first.colno + 1 },
    references: references.sort((a: any, b: any) => a.line - b.line),
  };
}

const PIECES = [
  'hello',
  '{{ x }}',
  '{{ x.y }}',
  '{{ x["constructor"] }}',
  '{{ __proto__ }}',
  '{% if a %}',
  '{% elif b %}',
  '{% else %}',
  '{% endif %}',
  '{% for i in xs %}',
  '{% endfor %}',
  '{% block b %}',
  '{% endblock %}',
  '{{ super() }}',
  '{% include "f.jinja" %}',
  '{% include x %}',
  '{% include "g.jinja" ignore missing %}',
  '{% extends "base" %}',
  '{{ {1: 2} }}',
  '{{ {"prototype": 1} }}',
  '{{ {a: 1} }}',
  '{% set constructor = 1 %}',
  '{% set x = 1 %}',
  '{% macro m(a) %}',
  '{% endmacro %}',
  '{{ x | upper }}',
  '{{ file("a.md") }}',
  '{{ file(name) }}',
  '{#',
  '#}',
  '{{',
  '}}',
  '{%',
  '%}',
  '\n',
  '{% raw %}',
  '{% endraw %}',
  '{% call m() %}',
  '{% endcall %}',
  '{% import "a" as b %}',
  '{% from "a" import b %}',
  '{{ x if y else z }}',
  '{% filter upper %}',
  '{% endfilter %}',
  '{{ [1,2][0] }}',
  '{% for %}',
  '{{ 1 + }}',
  '{{ none }}',
  '{{ true }}',
  '{{ "s" }}',
  '{{ a == b and not c }}',
  // The forms simple-template.ts reads without nunjucks, and near misses.
  '{{x}}',
  '{{ input.topic }}',
  '{{ a.__proto__ }}',
  '{{ loop }}',
  '{# note #}',
  '{#\n#}',
  "{% include 'b.jinja' %}",
  '{%include "c"%}',
  '{%- include "d" %}',
  '{{- x }}',
  'a { b',
  '}}',
  '%}',
  '#}',
  'Answer briefly.',
  'You are worker 7.',
];

test('the analysis finds what compiling the source and findAll find, over generated templates', () => {
  let compiled = 0;
  for (let seed = 0; seed < 1200; seed++) {
    let random = seed * 7919 + 3;
    const pick = () => PIECES[(random = (random * 1103515245 + 12345) % 2147483648) % PIECES.length]!;
    const source = Array.from({ length: 1 + (seed % 6) }, pick).join(' ');
    const expected = oracle(source);
    const analysis = analyzeTemplate(source);
    if (expected.error) {
      expect(analysis.syntaxError?.message.replace(/ \(at the end of the template\)$/, ''), source).toBe(expected.error.message);
      if (expected.error.line !== undefined)
        expect([analysis.syntaxError?.line, analysis.syntaxError?.column], source).toEqual([expected.error.line, expected.error.column]);
      expect(analysis.references).toEqual([]);
    } else {
      compiled += 1;
      expect(analysis.syntaxError, source).toBeUndefined();
      expect(analysis.forbiddenName, source).toEqual(expected.forbiddenName);
      expect(analysis.references, source).toEqual(expected.references);
    }
  }
  expect(compiled).toBeGreaterThan(150);
});

test('instructions of the usual forms are analysed without a nunjucks parse', () => {
  expect(simpleTemplateReferences('You are worker 5. {% include "footer.jinja" %}\n')).toEqual([
    { kind: 'template', name: 'footer.jinja', line: 1, optional: false },
  ]);
  expect(simpleTemplateReferences("Topic: {{ input.topic }}\n{% include 'rules.jinja' ignore missing %}{#\n#}\nBe brief.")).toEqual([
    { kind: 'template', name: 'rules.jinja', line: 2, optional: true },
  ]);
  for (const declined of ['{% if x %}y{% endif %}', '{{ x | upper }}', '{{ x.constructor }}', '{{ none }}', 'JSON: {"a": 1}', '{{- x }}']) {
    expect(simpleTemplateReferences(declined), declined).toBeUndefined();
  }
});

test('a text is analysed once however many workers use it', () => {
  const source = 'Shared footer {{ input }} {% include "rules.jinja" %}';
  expect(analyzeTemplate(`${source}`)).toBe(analyzeTemplate(source.slice(0)));
});
