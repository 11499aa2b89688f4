/**
 * The parts of nunjucks' (untyped) parser and compiler llm-do uses: compiling a source to find
 * syntax errors with their line, forbidden names, listing the templates and files a source names statically, and
 * naming the expression behind an "undefined value" error.
 */
import nunjucks from 'nunjucks';
import { forbiddenNameMessage, isForbiddenName } from './names.ts';
import { simpleTemplateReferences } from './simple-template.ts';
import type { StaticReference } from './static-reference.ts';
import { createTextMemo } from '../worker-file/text-memo.ts';

/**
 * Options every llm-do template is built with: no HTML escaping (prompts are not HTML), undefined
 * output is an error. Whitespace around tags is handled by `templates/whitespace.ts`, not `trimBlocks`.
 */
export const TEMPLATE_OPTIONS = {
  autoescape: false,
  throwOnUndefined: true,
} as const;

interface AstNode {
  typename: string;
  lineno: number;
  colno: number;
  fields: string[];
  [field: string]: unknown;
  findAll(type: unknown): AstNode[];
}

interface Internals {
  parser: { parse(src: string, extensions: unknown[], opts: object): AstNode };
  compiler: { Compiler: new (name: string, throwOnUndefined: boolean) => { compile(ast: AstNode): void } };
  nodes: Record<
    'Node' | 'NodeList' | 'Include' | 'Extends' | 'Import' | 'FromImport' | 'FunCall' | 'Output' | 'Symbol' | 'LookupVal' | 'Pair',
    abstract new (
      ...args: never[]
    ) => unknown
  >;
}

const internals = nunjucks as unknown as Internals;

/** A syntax or compile error: message and 1-based position within the source. */
export interface TemplateSyntaxError {
  message: string;
  line?: number;
  column?: number;
}

/** What llm-do checks in a template source before using it. */
export interface TemplateAnalysis {
  /** The first syntax or compile error. */
  syntaxError?: TemplateSyntaxError;
  /** The first name templates may never use (looked for only when the source compiles). */
  forbiddenName?: TemplateSyntaxError;
  /** Templates and files it names statically, by line (none when it does not compile). */
  references: readonly StaticReference[];
}

const analyses = createTextMemo<TemplateAnalysis>(4_000_000);

/**
 * Checks `source` for a syntax error, forbidden names and static references.
 * Remembered by text, so a template that every worker of a project includes is analysed once.
 */
export function analyzeTemplate(source: string): TemplateAnalysis {
  return analyses.get(source, analyze);
}

/**
 * Parses once, surveys the tree, then compiles it, which finds what the parser lets through (a
 * block defined twice, a dict key that is not a name). nunjucks' own `compile(source)` would parse
 * again and first apply its transform, which only rewrites async filters and extensions (llm-do has
 * none) and `super()` calls, and adds no error. A tree of only the plainest nodes (text, output,
 * names, includes) is not compiled: nothing in compiling those can fail. Plainer still, text with
 * only `{{ name }}`, `{% include "x" %}` and comments is not even parsed (`simple-template.ts`).
 */
function analyze(source: string): TemplateAnalysis {
  const simple = simpleTemplateReferences(source);
  if (simple) return { references: simple };
  try {
    const ast = internals.parser.parse(source, [], TEMPLATE_OPTIONS);
    const { found, plain } = survey(ast);
    if (!plain) new internals.compiler.Compiler('template', TEMPLATE_OPTIONS.throwOnUndefined).compile(ast);
    return { forbiddenName: findForbiddenName(found), references: staticReferences(found) };
  } catch (error) {
    return { syntaxError: syntaxErrorOf(error, source), references: [] };
  }
}

/** Node types the checks look at. */
const SURVEYED = ['Symbol', 'LookupVal', 'Pair', 'Include', 'Extends', 'Import', 'FromImport', 'FunCall'] as const;
type Surveyed = (typeof SURVEYED)[number];

/** Node types whose compile step has no failure path (nunjucks 3.2 `compiler.js`), given children of these types. */
const COMPILE_CANNOT_FAIL = new Set(['Root', 'NodeList', 'Output', 'TemplateData', 'Literal', 'Symbol', 'LookupVal', 'Include', 'If']);

/**
 * One walk over the tree: the nodes of each surveyed type (as `findAll` finds them: subclasses
 * included, in document order), and whether every node is of a type that always compiles.
 */
function survey(ast: AstNode): { found: Record<Surveyed, AstNode[]>; plain: boolean } {
  const found = Object.fromEntries(SURVEYED.map((type) => [type, []])) as unknown as Record<Surveyed, AstNode[]>;
  let plain = COMPILE_CANNOT_FAIL.has(ast.typename);
  const visitChildren = (node: AstNode): void => {
    const children = node instanceof internals.nodes.NodeList ? (node.children as unknown[]) : node.fields.map((field) => node[field]);
    for (const child of children) {
      if (!(child instanceof internals.nodes.Node)) continue;
      const childNode = child as AstNode;
      for (const type of SURVEYED) if (childNode instanceof internals.nodes[type]) found[type].push(childNode);
      if (!COMPILE_CANNOT_FAIL.has(childNode.typename)) plain = false;
      visitChildren(childNode);
    }
  };
  visitChildren(ast);
  return { found, plain };
}

/** A parse or compile error of `source` with its position. */
function syntaxErrorOf(error: unknown, source: string): TemplateSyntaxError {
  const { message, lineno, colno } = error as { message?: string; lineno?: number; colno?: number };
  const text = String(message ?? error).replace(/^\([^\n]*\)\s*/, '');
  // nunjucks gives no position for errors at the end of the input (an unclosed tag or block).
  if (!lineno) return { message: `${text} (at the end of the template)`, line: source.split('\n').length };
  return { message: text, line: lineno, column: colno || undefined };
}

/**
 * The first name a template may never use (`x.constructor`, `x["__proto__"]`, `{"prototype": 1}`,
 * `{% set constructor = ... %}`), with its position. Computed names are refused at render time by
 * the guarded runtime (`templates/sandbox.ts`).
 */
function findForbiddenName(found: Record<Surveyed, AstNode[]>): TemplateSyntaxError | undefined {
  const named = (node: unknown) => {
    const value = (node as AstNode | undefined)?.value;
    return typeof value === 'string' && isForbiddenName(value) ? (node as AstNode) : undefined;
  };
  const offenders = [...found.Symbol.map(named), ...found.LookupVal.map((node) => named(node.val)), ...found.Pair.map((node) => named(node.key))].filter(
    (node): node is AstNode => node !== undefined,
  );
  const first = offenders.sort((a, b) => a.lineno - b.lineno || a.colno - b.colno)[0];
  if (!first) return undefined;
  return { message: forbiddenNameMessage(String(first.value)), line: first.lineno + 1, column: first.colno + 1 };
}

function literal(node: unknown): string | undefined {
  const value = (node as AstNode | undefined)?.typename === 'Literal' ? (node as AstNode).value : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Every include/extends/import and `file("...")` whose name is a string literal. */
function staticReferences(found: Record<Surveyed, AstNode[]>): StaticReference[] {
  const references: StaticReference[] = [];
  for (const type of ['Include', 'Extends', 'Import', 'FromImport'] as const) {
    for (const node of found[type]) {
      const name = literal(node.template);
      if (name !== undefined) {
        references.push({ kind: 'template', name, line: node.lineno + 1, optional: node.ignoreMissing === true });
      }
    }
  }
  for (const call of found.FunCall) {
    const callee = call.name as AstNode;
    const firstArgument = (call.args as { children?: unknown[] } | undefined)?.children?.[0];
    const name = literal(firstArgument);
    if (callee.typename === 'Symbol' && callee.value === 'file' && name !== undefined) {
      references.push({ kind: 'file', name, line: call.lineno + 1, optional: false });
    }
  }
  return references.sort((a, b) => a.line - b.line);
}

/**
 * The first place `source` reads another file or could: an include, extends, import or from-import
 * (static or dynamic name) or any use of `file`. A template written by a model (a created worker's:
 * docs/dynamic-workers.md) may do none of these: it is data, and reads nothing from the host. Undefined for a
 * source that does not parse (its syntax error is reported elsewhere).
 */
export function findTemplateLoad(source: string): TemplateSyntaxError | undefined {
  let ast: AstNode;
  try {
    ast = internals.parser.parse(source, [], TEMPLATE_OPTIONS);
  } catch {
    return undefined;
  }
  const { found } = survey(ast);
  const loads = [
    ...(['Include', 'Extends', 'Import', 'FromImport'] as const).flatMap((type) =>
      found[type].map((node) => ({ node, what: `{% ${type === 'FromImport' ? 'from … import' : type.toLowerCase()} %}` })),
    ),
    ...found.Symbol.filter((node) => node.value === 'file').map((node) => ({ node, what: 'file()' })),
  ].sort((a, b) => a.node.lineno - b.node.lineno || a.node.colno - b.node.colno);
  const first = loads[0];
  if (!first) return undefined;
  return {
    message: `${first.what} cannot be used here: this template may not read other templates or files`,
    line: first.node.lineno + 1,
    column: first.node.colno + 1,
  };
}

function describe(node: AstNode | undefined): string | undefined {
  if (!node) return undefined;
  switch (node.typename) {
    case 'Symbol':
      return String(node.value);
    case 'Literal':
      return JSON.stringify(node.value);
    case 'LookupVal': {
      const target = describe(node.target as AstNode);
      const key = node.val as AstNode;
      if (target === undefined) return undefined;
      return key.typename === 'Literal' && typeof key.value === 'string' ? `${target}.${key.value}` : `${target}[${describe(key) ?? '…'}]`;
    }
    case 'FunCall':
      return `${describe(node.name as AstNode) ?? '…'}(…)`;
    default:
      return undefined;
  }
}

/**
 * The expression printed by the `{{ }}` at a 1-based position, e.g. `topic` or `user.name`, and whether
 * it is a plain variable name.
 */
export function expressionAt(source: string, line: number, column: number): { text: string; plain: boolean } | undefined {
  const ast = internals.parser.parse(source, [], TEMPLATE_OPTIONS);
  const output = ast.findAll(internals.nodes.Output).find((node) => node.lineno === line - 1 && node.colno === column - 1);
  const expression = (output?.children as AstNode[] | undefined)?.[0];
  const text = describe(expression);
  return text === undefined ? undefined : { text, plain: expression?.typename === 'Symbol' };
}
