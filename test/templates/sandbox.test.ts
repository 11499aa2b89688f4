/**
 * Templates are data, not code (docs/security.md): hostile templates, as a library or a model could write
 * them, never reach JavaScript. Each payload would run `process` code on plain nunjucks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nunjucks from 'nunjucks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectError } from '../../src/errors.ts';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';
import { createTemplateRenderer } from '../../src/templates/render.ts';
import { catchRejection } from '../helpers/catch-error.ts';

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-template-sandbox-')));
const marker = path.join(root, 'PWNED');
/** JavaScript that would leave a marker file if it ever ran. */
const PAYLOAD = `process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`;
const quoted = JSON.stringify(`return ${PAYLOAD}`);

beforeAll(() => {
  fs.mkdirSync(path.join(root, 'templates'));
  fs.writeFileSync(path.join(root, 'templates', 'evil.jinja'), `{{ range.constructor(${quoted})() }}`);
  fs.writeFileSync(path.join(root, 'templates', 'macros.jinja'), '{% macro shout(x) %}{{ x | upper }}!{% endmacro %}');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const renderer = () => createTemplateRenderer({ fs: createNodeFileSystem(), projectRoot: root, searchDirs: [path.join(root, 'templates')], fileDirs: [root] });
const render = (source: string, variables: Record<string, unknown> = {}) => renderer().render(source, variables, 'main.worker', { lineOffset: 4 });

const hostile: [string, string][] = [
  ['constructor of a global', `{{ range.constructor(${quoted})() }}`],
  ['constructor of a string', `{{ "".constructor.constructor(${quoted})() }}`],
  ['computed constructor', `{% set c = "constr" + "uctor" %}{{ range[c][c](${quoted})() }}`],
  ['constructor as an array key', `{{ range[["constructor"]](${quoted})() }}`],
  ['__proto__ lookup', `{{ joiner.__proto__.constructor(${quoted})() }}`],
  ['prototype lookup', '{{ range.prototype }}'],
  ['__lookupGetter__ chain', `{{ {}.__lookupGetter__("__proto__") }}`],
  ['computed __defineGetter__', `{% set n = "__define" + "Getter__" %}{{ input[n]("x", range) }}`],
  ['range.call', `{{ range.call(null, 3) }}`],
  ['range.apply via a set variable', `{% set f = range.apply %}{{ f() }}`],
  ['a string method', '{{ "a,b".split(",") }}'],
  ['hasOwnProperty of input', '{{ input.hasOwnProperty("x") }}'],
  ['valueOf from the context', '{{ valueOf().env }}'],
  ['constructor as a variable', `{{ constructor.getOwnPropertyNames(range) }}`],
  ['constructor as a filter', `{{ ${quoted} | constructor }}`],
  ['valueOf as a filter', '{{ 1 | valueOf }}'],
  ['constructor as a test', '{% if 1 is constructor %}x{% endif %}'],
  ['__proto__ dict key', '{% set o = {"__proto__": range} %}{{ o.call(null, 2) }}'],
  ['set __proto__', '{% set __proto__ = range %}{{ call }}'],
  ['macro named constructor', '{% macro constructor() %}x{% endmacro %}'],
  ['join filter attribute', '{{ [range] | join(",", "constructor") }}'],
  ['computed join attribute', '{% set a = "constructor" %}{{ [range] | join(",", a) }}'],
  ['sum filter attribute', '{% set a = "__proto__" %}{{ [range] | sum(a) }}'],
  ['selectattr attribute', '{% set a = "constructor" %}{{ [range] | selectattr(a) | length }}'],
  ['caller of a macro', `{% macro m() %}{{ caller.constructor(${quoted})() }}{% endmacro %}{% call m() %}x{% endcall %}`],
  ['a macro via import', `{% import "macros.jinja" as m %}{{ m.shout.constructor(${quoted})() }}`],
  ['cycler method constructor', `{% set c = cycler(1) %}{{ c.next.constructor(${quoted})() }}`],
  ['inherited method of a cycler', '{% set c = cycler(1) %}{{ c.valueOf() }}'],
  ['call of a cycler method', '{% set c = cycler(1) %}{{ c.next.call(c) }}'],
  ['a regex method', '{{ r/a/.exec("a") }}'],
  ['joiner result constructor', `{% set j = joiner() %}{{ j.constructor(${quoted})() }}`],
  ['an included hostile template', '{% include "evil.jinja" %}'],
  ['a huge range', '{{ range(0, 1000000000000) | length }}'],
  ['nested loops that would run for hours', '{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}'],
  ['a loop in a macro', '{% macro spin() %}{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}{% endmacro %}{{ spin() }}'],
  ['a huge center width', '{{ "x" | center(1000000000) }}'],
  ['a huge indent', '{{ "a\nb" | indent(1000000000) }}'],
  ['a huge batch fill', '{{ [1] | batch(1000000000, "x") | length }}'],
  [
    'output that would exhaust memory',
    '{% set s = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" %}{% for i in range(100000) %}{{ s }}{{ s }}{% endfor %}',
  ],
];

describe('hostile templates are refused with a template error', () => {
  it.each(hostile)('%s', async (_name, source) => {
    const error = await catchRejection(render(source, { input: { x: 1 } }));
    expect(ProjectError.isInstance(error), String(error)).toBe(true);
    expect((error as ProjectError).code).toBe('template');
    expect((error as ProjectError).location.file).toMatch(/main\.worker|evil\.jinja/);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('names the file, the line and the refused name', async () => {
    const error = (await catchRejection(render('ok\n{{ range.constructor }}'))) as ProjectError;
    expect(error.message).toMatch(/^main\.worker:6:\d+: "constructor" cannot be used in a template/);
  });

  it('refuses computed names at render time with the line', async () => {
    const error = (await catchRejection(render('ok\n{{ range["constr" + "uctor"]("x") }}'))) as ProjectError;
    expect(error.message).toMatch(/^main\.worker:6:\d+: template error: "constructor" cannot be used in a template/);
  });

  it('refuses calling a JavaScript method', async () => {
    const error = (await catchRejection(render('{{ "a,b".split(",") }}'))) as ProjectError;
    expect(error.message).toContain('"split" is a JavaScript function, not a template function');
  });

  it('check reports a forbidden name statically, also in an included template', async () => {
    const own = (await catchRejection(renderer().check('{{ x.__proto__ }}', 'main.worker'))) as ProjectError;
    expect(own.message).toMatch(/^main\.worker:1:\d+: "__proto__" cannot be used/);
    const included = (await catchRejection(renderer().check('{% include "evil.jinja" %}', 'main.worker'))) as ProjectError;
    expect(included.message).toMatch(
      /^templates\/evil\.jinja:1:\d+: "constructor" cannot be used in a template: .* \(in template templates\/evil\.jinja, used by main\.worker\)$/,
    );
  });
});

describe('what templates may do', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    ['filters', '{{ name | upper }} {{ items | join(", ") }} {{ items | length }}', { name: 'ada', items: ['a', 'b'] }, 'ADA a, b 2'],
    ['size filters', '[{{ "x" | center(3) }}]{{ "a\nb" | indent(2) }} {{ [1, 2, 3] | batch(2) | length }}', {}, '[ x ]a\n  b 2'],
    [
      'attribute filters',
      '{{ people | join(",", "name") }} {{ people | sum("age") }}',
      {
        people: [
          { name: 'a', age: 1 },
          { name: 'b', age: 2 },
        ],
      },
      'a,b 3',
    ],
    [
      'lookups',
      '{{ input.user.name }} {{ input["user"]["name"] }} {{ items[1] }} {{ "abc".length }}',
      { input: { user: { name: 'Ada' } }, items: [1, 2] },
      'Ada Ada 2 3',
    ],
    ['range', '{% for i in range(3) %}{{ i }}{% endfor %} {{ range(5, 0, -2) | join(",") }}', {}, '012 5,3,1'],
    ['cycler', '{% set c = cycler("x", "y") %}{{ c.next() }}{{ c.next() }}{{ c.next() }}{{ c.current }}{% set _ = c.reset() %}{{ c.next() }}', {}, 'xyxxx'],
    ['joiner', '{% set comma = joiner("; ") %}{% for i in [1, 2] %}{{ comma() }}{{ i }}{% endfor %}', {}, '1; 2'],
    ['macros and caller', '{% macro box(t) %}[{{ t }}{{ caller() }}]{% endmacro %}{% call box("a") %}b{% endcall %}', {}, '[ab]'],
    ['imported macros', '{% import "macros.jinja" as m %}{% from "macros.jinja" import shout %}{{ m.shout("a") }}{{ shout("b") }}', {}, 'A!B!'],
    ['dicts and loops', '{% set d = {"a": {"b": 2} } %}{% for k, v in d %}{{ k }}:{{ v.b }}{% endfor %} {{ d.a.b }}', {}, 'a:2 2'],
    ['dictsort and groupby', '{% for k, v in {"b": 1, "a": 2} | dictsort %}{{ k }}{% endfor %}', {}, 'ab'],
    ['loop variables', '{% for x in [1, 2] %}{{ loop.index }}{{ "," if not loop.last }}{% endfor %}', {}, '1,2'],
  ];
  it.each(cases)('%s', async (_name, source, variables, expected) => {
    expect(await render(source, variables)).toBe(expected);
  });
});

it('leaves other nunjucks users in the process alone', async () => {
  await catchRejection(render('{{ range.constructor }}'));
  // Plain nunjucks still runs the classic payload: only llm-do's templates are guarded.
  expect(nunjucks.renderString('{{ range.constructor("return 6 * 7")() }}', {})).toBe('42');
});
