import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectError } from '../../src/errors.ts';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';
import { createTemplateRenderer } from '../../src/templates/render.ts';
import type { TemplateRendererOptions } from '../../src/templates/renderer-options.ts';
import { isPlainText } from '../../src/templates/simple-template.ts';
import { renderTemplate } from '../../src/templates/engine.ts';
import { trimTagLines } from '../../src/templates/whitespace.ts';
import { catchRejection } from '../helpers/catch-error.ts';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-templates-')));
const root = path.join(base, 'project');
const library = path.join(base, 'libs', 'utils');
const nodeFs = createNodeFileSystem();

const files: Record<string, string> = {
  'project/templates/greeting.jinja': 'Hello {{ who }}!\n',
  'project/templates/base.jinja': 'Header\n{% block body %}default body{% endblock %}\nFooter\n',
  'project/templates/locales/fr.jinja': 'Bonjour\n',
  'project/templates/locales/en.jinja': 'Hello\n',
  'project/templates/needs-topic.jinja': 'Topic:\n{{ topic }}\n',
  'project/templates/broken.jinja': 'line one\n{% if %}\n',
  'project/templates/self.jinja': '{% include "self.jinja" %}',
  'project/templates/macros.jinja': '{% macro shout(x) %}{{ x | upper }}!{% endmacro %}',
  'project/templates/RULES.md': 'Template-root rules\n',
  'project/workers/pitch/PROCEDURE.md': 'Step 1. Read.\n',
  'project/workers/pitch/RULES.md': 'Worker-dir rules\n',
  'libs/utils/templates/disclaimer.jinja': 'Library disclaimer.\n',
  'outside.txt': 'secret\n',
};

beforeAll(() => {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(base, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  fs.symlinkSync(path.join(base, 'outside.txt'), path.join(root, 'templates', 'leak.jinja'));
  fs.symlinkSync(path.join(base, 'outside.txt'), path.join(root, 'workers', 'pitch', 'LEAK.md'));
});
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

function renderer(overrides: Partial<TemplateRendererOptions> = {}) {
  return createTemplateRenderer({
    fs: nodeFs,
    projectRoot: root,
    searchDirs: [path.join(root, 'templates')],
    fileDirs: [path.join(root, 'templates'), path.join(root, 'workers', 'pitch')],
    libraries: { utils: path.join(library, 'templates') },
    allowedRoots: [library],
    ...overrides,
  });
}

const render = (source: string, variables: Record<string, unknown> = {}, options?: { lineOffset?: number }) =>
  renderer().render(source, variables, 'workers/pitch/worker.worker', options);

async function renderError(source: string, variables: Record<string, unknown> = {}, options?: { lineOffset?: number }) {
  const error = await catchRejection(render(source, variables, options));
  expect(ProjectError.isInstance(error)).toBe(true);
  return error as ProjectError;
}

describe('render', () => {
  it('substitutes variables without HTML escaping', async () => {
    expect(await render('Review <{{ input.title }}> & {{ worker.id }}', { input: { title: 'A & B' }, worker: { id: 'pitch' } })).toBe('Review <A & B> & pitch');
  });

  it('includes templates and extends with blocks', async () => {
    expect(await render('{% include "greeting.jinja" %}\nNext', { who: 'Ada' })).toBe('Hello Ada!\nNext');
    expect(await render('{% extends "base.jinja" %}{% block body %}custom {{ n }}{% endblock %}', { n: 2 })).toBe('Header\ncustom 2\nFooter\n');
  });

  it('imports macros', async () => {
    expect(await render('{% import "macros.jinja" as m %}{{ m.shout("hi") }}')).toBe('HI!');
  });

  it('includes library templates by library name or lib:', async () => {
    expect(await render('{% include "utils:disclaimer.jinja" %}{% include "lib:disclaimer.jinja" %}')).toBe('Library disclaimer.\nLibrary disclaimer.\n');
  });

  it('refuses a library the project does not use', async () => {
    const error = await renderError('{% include "legal:terms.jinja" %}');
    expect(error.message).toContain('template "legal:terms.jinja" names library "legal", which this project does not use (libraries: utils)');
  });

  it('resolves dynamic include names, also inside loops', async () => {
    expect(await render('{% include "locales/" + locale + ".jinja" %}', { locale: 'fr' })).toBe('Bonjour\n');
    expect(await render('{% for l in langs %}{% include "locales/" + l + ".jinja" %}{% endfor %}', { langs: ['en', 'fr', 'en'] })).toBe(
      'Hello\nBonjour\nHello\n',
    );
  });

  it('inlines file() from template roots first, then the worker dir', async () => {
    expect(await render('{{ file("RULES.md") }}{{ file("PROCEDURE.md") }}')).toBe('Template-root rules\nStep 1. Read.\n');
  });

  it('skips a missing include marked ignore missing', async () => {
    expect(await render('{% include "nope.jinja" ignore missing %}done')).toBe('done');
  });

  it('drops lines holding only tags but keeps line breaks after inline tags', async () => {
    const source = ['Intro', '  {% if formal %}', 'Be formal.', '  {% endif %}', '{# a note #}', 'Tone: {% if formal %}formal{% endif %}', 'End'].join('\n');
    expect(await render(source, { formal: true })).toBe('Intro\nBe formal.\nTone: formal\nEnd');
    expect(await render('{% raw %}\n{% if x %}\n{% endraw %}\nok')).toBe('\n{% if x %}\nok');
  });
});

describe('plain text', () => {
  it('renders as nunjucks renders it, without loading nunjucks (isPlainText)', async () => {
    const options = { fs: nodeFs, projectRoot: root, searchDirs: [], fileDirs: [] };
    const viaNunjucks = (text: string) => renderTemplate(options, trimTagLines(text), {}, 'x.worker', 0);
    const texts = [
      '',
      'Answer briefly.',
      '# Rules\n\n- one } two }} three %} four % five #\n',
      'quotes " \' and \\ back\\slash',
      '\r\n\tTab\u2028\u2029 \u00e9 \u{1F600}\n\n',
    ];
    // And texts of the characters nunjucks' lexer looks at in text, drawn with a fixed seed.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const alphabet = ['a', ' ', '\n', '\r', '\t', '#', '}', '%', '-', '"', '\\', '\u00e9'];
    for (let i = 0; i < 300; i++) texts.push(Array.from({ length: Math.floor(next() * 24) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
    const plain = texts.filter(isPlainText);
    expect(plain.length).toBeGreaterThan(200);
    for (const text of plain) expect(await render(text), JSON.stringify(text)).toBe(await viaNunjucks(text));
    expect(texts.filter((text) => !isPlainText(text)).every((text) => text.includes('#}'))).toBe(true);
    expect(isPlainText('Hi {{ name }}')).toBe(false);
  });
});

describe('render errors', () => {
  it('names an undefined variable with its file line', async () => {
    const error = await renderError('Intro\n{{ topic }}', {}, { lineOffset: 4 });
    expect(error.code).toBe('template');
    expect(error.message).toBe('workers/pitch/worker.worker:6:1: undefined variable "topic"');
  });

  it('names an undefined attribute', async () => {
    const error = await renderError('{{ user.name }}', { user: {} });
    expect(error.detail).toBe('"user.name" is undefined');
  });

  it('names the included template an undefined variable is in', async () => {
    const error = await renderError('{% include "needs-topic.jinja" %}');
    expect(error.message).toBe('templates/needs-topic.jinja:2:1: undefined variable "topic" (in a template used by workers/pitch/worker.worker)');
  });

  it('names a missing include and the dirs searched', async () => {
    const error = await renderError('Intro\n{% include "missing.jinja" %}', {}, { lineOffset: 3 });
    expect(error.message).toBe('workers/pitch/worker.worker:5: template "missing.jinja" not found (searched templates/)');
  });

  it('names a missing dynamic include', async () => {
    const error = await renderError('{% include "locales/" + locale + ".jinja" %}', { locale: 'de' });
    expect(error.detail).toBe('template "locales/de.jinja" not found (searched templates/)');
  });

  it('names a missing file()', async () => {
    const error = await renderError('{{ file("NOPE.md") }}');
    expect(error.detail).toBe('file("NOPE.md") not found (searched templates/, workers/pitch/) in the instructions of workers/pitch/worker.worker');
  });

  it('reports syntax errors in the instructions and in included templates with lines', async () => {
    const own = await renderError('ok\n{{ x', {}, { lineOffset: 2 });
    expect(own.message).toBe('workers/pitch/worker.worker:4: syntax error in the instructions: expected variable end (at the end of the template)');
    const included = await renderError('{% include "broken.jinja" %}');
    expect(included.message).toBe(
      'templates/broken.jinja:2:7: syntax error in template templates/broken.jinja (used by workers/pitch/worker.worker): unexpected token: %}',
    );
  });

  it('turns runaway recursion into a template error', async () => {
    const error = await renderError('{% include "self.jinja" %}');
    expect(error.code).toBe('template');
    expect(error.message).toMatch(/^templates\/self\.jinja.*template error: /);
  });
});

describe('escapes', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['include ../', '{% include "../outside.txt" %}', {}],
    ['include absolute', `{% include "${path.join(base, 'outside.txt')}" %}`, {}],
    ['include backslash', '{% include "..\\\\outside.txt" %}', {}],
    ['dynamic include', '{% include "locales/" + locale %}', { locale: '../../../outside.txt' }],
    ['file ../', '{{ file("../../outside.txt") }}', {}],
    ['file absolute', '{{ file("/etc/passwd") }}', {}],
    ['include symlink out', '{% include "leak.jinja" %}', {}],
    ['file symlink out', '{{ file("LEAK.md") }}', {}],
  ];
  for (const [label, source, variables] of cases) {
    it(`refuses ${label}`, async () => {
      const error = await renderError(source, variables);
      expect(error.code).toBe('path-escape');
      expect(error.message).toMatch(/^workers\/pitch\/worker\.worker: (template|file) .*(points outside the folders|outside the project)/);
      expect(error.message).not.toContain('secret');
    });
  }

  it('refuses a library dir outside the project unless it is an allowed root', async () => {
    const strict = renderer({ allowedRoots: [] });
    const error = await catchRejection(strict.render('{% include "utils:disclaimer.jinja" %}', {}, 'w.worker'));
    expect((error as ProjectError).code).toBe('path-escape');
  });
});

describe('check', () => {
  it('passes a source whose static references all resolve, skipping dynamic ones', async () => {
    await expect(
      renderer().check(
        '{% extends "base.jinja" %}{% block body %}{% include "greeting.jinja" %}{{ file("RULES.md") }}{% include "x/" + y %}{% endblock %}',
        'w.worker',
      ),
    ).resolves.toBeUndefined();
  });

  it('collects every missing reference with its line', async () => {
    const error = (await catchRejection(
      renderer().check(
        '{% include "greeting.jinja" %}\n{% include "gone.jinja" %}\n{{ file("GONE.md") }}\n{% include "opt.jinja" ignore missing %}',
        'w.worker',
        { lineOffset: 10 },
      ),
    )) as ProjectError;
    expect(error.problems.map((p) => p.message)).toEqual([
      'w.worker:12: template "gone.jinja" not found (searched templates/)',
      'w.worker:13: file("GONE.md") not found (searched templates/, workers/pitch/)',
    ]);
  });

  it('follows templates into their own references', async () => {
    const error = (await catchRejection(renderer().check('{% include "broken.jinja" %}', 'w.worker'))) as ProjectError;
    expect(error.code).toBe('template');
    expect(error.location).toMatchObject({ file: 'templates/broken.jinja', line: 2 });
  });

  it('reports syntax errors and escapes', async () => {
    const syntax = (await catchRejection(renderer().check('{% if %}', 'w.worker'))) as ProjectError;
    expect(syntax.message).toBe('w.worker:1:7: syntax error in the instructions: unexpected token: %}');
    const escape = (await catchRejection(renderer().check('\n{{ file("../x") }}', 'w.worker'))) as ProjectError;
    expect(escape.code).toBe('path-escape');
    expect(escape.location.line).toBe(2);
  });
});
