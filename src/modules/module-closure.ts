/**
 * The code closure of a project's TS/JS module (docs/decisions.md, "Module loading"): the local
 * files it runs, transitively, found statically before it runs, so that each can be protected like
 * the module itself (issue 35). It reads the code jiti would run (module-loader.ts: the same jiti
 * options and file cache), in which TypeScript's type-only and unused imports are gone and every
 * `import`, `export ... from` and `import()` is a `require("...")` or `jitiImport("...")` call, and
 * resolves each specifier with jiti's resolver from the file that imports it.
 */
import { readFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as Acorn from 'acorn';
import { createModuleJiti, PROVIDED_MODULES } from './module-loader.ts';

/** A bare specifier that resolves into a package (followed no further). */
export interface PackageImport {
  specifier: string;
  /** The file that imports it. */
  importer: string;
  /** The file it resolves to. */
  resolved: string;
}

/** A local file the closure reached, and the first import that reached it. */
export interface LocalImport {
  specifier: string;
  /** The file that imports it, and the line of the import there. */
  importer: string;
  line: number;
  /** The file it resolves to. */
  resolved: string;
}

/** An import that cannot be followed statically. */
export interface UnresolvedImport {
  /** The file that imports it, and the line of the import there. */
  importer: string;
  line: number;
  /** Undefined when the specifier is computed (`import(name)`, `require(x)`). */
  specifier?: string;
  problem: 'computed' | 'not-found';
}

export interface ModuleClosure {
  /** The local files the module runs (host paths), the module first, then in the order they are reached. */
  files: string[];
  /** How each file after the module was reached, in the order of `files`. */
  local: LocalImport[];
  packages: PackageImport[];
  unresolved: UnresolvedImport[];
}

/** What jiti compiles and runs (the rest, such as JSON, is loaded as data: listed, not read). */
const CODE = /\.[cm]?[jt]sx?$/;
const TYPESCRIPT = /\.[cm]?tsx?$/;
/** The functions through which compiled code loads another module (jiti's evaluator passes both). */
const LOADERS = new Set(['require', 'jitiImport']);

/** The closure of the module at `hostPath` (an absolute path). A file that cannot be read is reported by the import, not here. */
export function moduleClosure(hostPath: string): ModuleClosure {
  const closure: ModuleClosure = { files: [hostPath], local: [], packages: [], unresolved: [] };
  for (let index = 0; index < closure.files.length; index++) {
    const importer = closure.files[index]!;
    if (!CODE.test(importer)) continue;
    let source: string;
    try {
      source = readFileSync(importer, 'utf8');
    } catch {
      continue;
    }
    const jiti = createModuleJiti(importer);
    const code = jiti.transform({ source, filename: importer, ts: TYPESCRIPT.test(importer), async: true });
    for (const { specifier, line } of loadedSpecifiers(code)) {
      if (specifier === undefined) {
        closure.unresolved.push({ importer, line, problem: 'computed' });
        continue;
      }
      if (PROVIDED_MODULES.includes(specifier) || isBuiltin(specifier)) continue;
      const file = resolvedFile(jiti.esmResolve(specifier, { try: true }));
      if (file === undefined) closure.unresolved.push({ importer, line, specifier, problem: 'not-found' });
      else if (!isLocal(specifier)) closure.packages.push({ specifier, importer, resolved: file });
      else if (!closure.files.includes(file)) {
        closure.files.push(file);
        closure.local.push({ specifier, importer, line, resolved: file });
      }
    }
  }
  return closure;
}

/** What jiti's `esmResolve` answers (a `file:` URL, as a string or a URL object), as a host path. */
function resolvedFile(resolved: string | URL | undefined): string | undefined {
  if (resolved === undefined) return undefined;
  const url = String(resolved);
  return url.startsWith('file:') ? fileURLToPath(url) : url;
}

/** A path, not a package name: `./x`, `../x`, `/x`, `file:///x`. */
function isLocal(specifier: string): boolean {
  return /^(\.{1,2}(\/|$)|\/|file:)/.test(specifier);
}

/**
 * The specifier of each loading call in compiled code, in source order (undefined for a computed
 * one), with its line: jiti's compiler keeps every line where it was in the source.
 */
function loadedSpecifiers(code: string): { specifier: string | undefined; line: number }[] {
  // As jiti's evaluator wraps it, on the code's first line: `await` and `return` are valid at the top of a module's code.
  const wrapped = `(async function (exports, require, module, __filename, __dirname, jitiImport, jitiESMResolve) { ${code}\n});`;
  const specifiers: { specifier: string | undefined; line: number }[] = [];
  // Required at first use, not imported: every run protects the closure (project/config-paths.ts),
  // but only a project with a tool or schema module should pay for loading the parser (~6 ms).
  const { parse } = createRequire(import.meta.url)('acorn') as typeof Acorn;
  visit(parse(wrapped, { ecmaVersion: 'latest', sourceType: 'script', locations: true }), (node) => {
    if (node.type !== 'CallExpression') return;
    const { callee, arguments: args, loc } = node as unknown as { callee: { type: string; name?: string }; arguments: SyntaxNode[]; loc: Acorn.SourceLocation };
    if (callee.type === 'Identifier' && LOADERS.has(callee.name!)) specifiers.push({ specifier: literalString(args[0]), line: loc.start.line });
  });
  return specifiers;
}

interface SyntaxNode {
  type: string;
  [key: string]: unknown;
}

/** The string of a string literal. (jiti's compiler turns any other specifier, a template too, into a computed one.) */
function literalString(node: SyntaxNode | undefined): string | undefined {
  return node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;
}

/** Calls `onNode` for `node` and every node below it. */
function visit(node: unknown, onNode: (node: SyntaxNode) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) visit(child, onNode);
    return;
  }
  if (typeof node !== 'object' || node === null || typeof (node as SyntaxNode).type !== 'string') return;
  onNode(node as SyntaxNode);
  for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object') visit(value, onNode);
}
