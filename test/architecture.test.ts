/**
 * The layer rules of docs/decisions.md ("Source layers"), derived from the source: every `import`,
 * `import type`, `export ... from`, `import()` and `typeof import()` of `src/**` counts. A unit is a
 * folder of `src/` or one of its top-level files. A failure names the file, line and import.
 * Files import each other in no cycle either, counting every import, of types too (see `fileImportsOf`).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

/** Lowest first. A unit may import only units of lower layers; units of one layer are independent. */
const LAYERS: readonly (readonly string[])[] = [
  ['errors'],
  ['glob', 'loopback', 'cache-files', 'crypto'],
  ['sandbox'],
  ['modules'],
  ['worker-file'],
  ['templates'],
  ['approval'],
  ['mcp-client'],
  ['models', 'tools'],
  ['project'],
  ['runtime'],
  ['telemetry'],
  ['run-log', 'mcp-server'],
  ['batch', 'test-runner'],
  ['eval'],
  ['ui'],
  ['restate'],
  ['index', 'browser'],
  ['cli', 'testkit'],
];

/** Imports that break the layer order on purpose (the cycle checks leave them out too); each must still exist. */
const ALLOWED_UPWARD: Readonly<Record<string, string>> = {};

/** Files allowed to import `node:fs`, with why; everything else reads files through the sandbox's FileSystem. */
const NODE_FS_ALLOWED: Readonly<Record<string, string>> = {
  'src/sandbox/node-file-system.ts': 'the Node backend of FileSystem, through which the project and sandboxes read and write',
  'src/cli/controlling-terminal.ts': 'opens /dev/tty for approval prompts when stdin is piped',
  'src/cli/trace-writer.ts': 'writes the --trace file the user named on the command line, outside any sandbox',
  'src/cli/version.ts': "reads llm-do's own package.json, not a project file",
  'src/run-log/run-log-file.ts':
    'creates the run log (runs.db) in $LLM_DO_HOME, outside any project, owner-only, reads its header, and lists the run journals beside it',
  'src/run-log/run-journal.ts': 'writes the run journal of a run in $LLM_DO_HOME/runs.db.pending, outside any project, owner-only',
  'src/run-log/journal-ingest.ts': 'reads the run journals in $LLM_DO_HOME/runs.db.pending into the run log, and removes or sets aside each once recorded',
  'src/run-log/open-markers.ts': 'leaves and removes the marker of a process that has the run log open, in $LLM_DO_HOME/runs.db.open, owner-only',
  'src/cli/module-cache.ts': 'creates the caches of compiled code in $LLM_DO_HOME/cache, outside any project, owner-only, and checks they are ours',
  'src/cache-files.ts': "keeps llm-do's own cache directories in $LLM_DO_HOME/cache within their size",
  'src/modules/module-closure.ts':
    'reads a tool or schema module the project policy admitted, and the files it imports, to follow their imports (as jiti reads them)',
  'src/cli/key-store.ts': 'reads and atomically replaces $LLM_DO_HOME/keys.json, owner-only, outside any project',
  'src/cli/state-file.ts': 'writes and reads the --state file the user named on the command line, outside any sandbox, owner-only',
  'src/models/cassette-file.ts': 'reads and writes the cassette the user named with --record or --replay',
  'src/models/regular-file.ts': 'reads a script or cassette the user named on the command line, refusing anything but a regular file',
  'src/test-runner/run-tests.ts':
    "finds the test files of llm-do test and copies the project into a temporary directory for each case, outside the user's project",
  'src/cli/commands/test.ts': 'writes the --junit report the user named on the command line',
  'src/batch/inputs.ts': 'reads the --inputs file or directory the user named on the command line, outside any sandbox',
  'src/batch/results-file.ts': 'appends to the --out file the user named on the command line, outside any sandbox, and keeps its lock file',
  'src/eval/eval-cases.ts': 'reads the test files and datasets of llm-do eval from the project the user named, outside any sandbox',
  'src/eval/eval-log.ts': 'writes and reads the record of an eval in $LLM_DO_HOME/evals, outside any project, owner-only',
  'src/cli/commands/eval.ts': 'writes the --html report the user named on the command line',
  'src/ui/assets.ts': "reads the page of llm-do ui (HTML, CSS, script) from llm-do's own package, not a project file",
};

/** The modules that may start processes, with why: each owns the cleanup of what it starts. */
const CHILD_PROCESS_ALLOWED: Readonly<Record<string, string>> = {
  'src/tools/shell/process.ts': "the shell tool's commands, with isolation and cleanup",
  'src/mcp-client/stdio-transport.ts': 'stdio MCP servers, each in its own process group that is stopped whole',
  'src/cli/module-compiler.ts': 'the child that compiles a tool module, waited for (spawnSync): it runs no project code',
};

interface ImportLine {
  /** Importing file, repository-relative (`src/worker-file/schema-ref.ts`). */
  file: string;
  line: number;
  specifier: string;
  /** Unit of the importing file. */
  from: string;
  /** Unit imported, for an import of llm-do's own source; undefined for a package. */
  to: string | undefined;
}

function unitOf(srcRelative: string): string {
  const [first, ...rest] = srcRelative.split('/');
  return rest.length === 0 ? first!.replace(/\.ts$/, '') : first!;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function importsOf(fullPath: string): ImportLine[] {
  const text = fs.readFileSync(fullPath, 'utf8');
  const srcRelative = path.relative(SRC, fullPath).split(path.sep).join('/');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map(({ fileName: specifier, pos }) => {
    let to: string | undefined;
    if (specifier.startsWith('.'))
      to = unitOf(
        path
          .relative(SRC, path.resolve(path.dirname(fullPath), specifier))
          .split(path.sep)
          .join('/'),
      );
    else if (specifier === 'llm-do') to = 'index';
    else if (specifier.startsWith('llm-do/')) to = specifier.slice('llm-do/'.length);
    return { file: `src/${srcRelative}`, line: text.slice(0, pos).split('\n').length, specifier, from: unitOf(srcRelative), to };
  });
}

const where = (imp: ImportLine) => `${imp.file}:${imp.line} imports '${imp.specifier}'`;
const edgeKey = (imp: ImportLine) => `${imp.file} -> ${imp.specifier}`;
const isAllowedUpward = (imp: ImportLine) => edgeKey(imp) in ALLOWED_UPWARD;
const crossUnit = (imports: readonly ImportLine[]) => imports.filter((imp) => imp.to !== undefined && imp.to !== imp.from);

function layerOf(unit: string): number {
  return LAYERS.findIndex((layer) => layer.includes(unit));
}

function unknownUnits(imports: readonly ImportLine[]): string[] {
  const units = new Set(imports.flatMap((imp) => [imp.from, imp.to ?? imp.from]));
  return [...units]
    .filter((unit) => layerOf(unit) < 0)
    .map((unit) => `src/${unit} is in no layer: add it to LAYERS in test/architecture.test.ts and say why in docs/decisions.md`);
}

function layerViolations(imports: readonly ImportLine[]): string[] {
  return (
    crossUnit(imports)
      // A unit in no layer is reported by unknownUnits.
      .filter((imp) => layerOf(imp.from) >= 0 && layerOf(imp.to!) >= layerOf(imp.from) && !isAllowedUpward(imp))
      .map(
        (imp) =>
          `${where(imp)}: ${imp.from} may import only layers below it, and ${imp.to} is ${layerOf(imp.to!) === layerOf(imp.from) ? 'in the same layer' : 'above it'}`,
      )
  );
}

/** Nodes (units or files) reachable from `start` along `edges`, each with the node it was first reached from (breadth first). */
function reachedFrom(edges: ReadonlyMap<string, ReadonlyMap<string, unknown>>, start: string): Map<string, string> {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let unit = queue.shift(); unit !== undefined; unit = queue.shift()) {
    for (const next of edges.get(unit)?.keys() ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, unit);
      queue.push(next);
    }
  }
  return cameFrom;
}

/**
 * One report per set of units that import each other (allowed upward imports left out): the set,
 * and a shortest cycle through its first unit with the import that makes each step.
 */
function cycles(imports: readonly ImportLine[]): string[] {
  const edges = new Map<string, Map<string, ImportLine>>();
  for (const imp of crossUnit(imports).filter((imp) => !isAllowedUpward(imp))) {
    const targets = edges.get(imp.from) ?? new Map<string, ImportLine>();
    if (!targets.has(imp.to!)) targets.set(imp.to!, imp);
    edges.set(imp.from, targets);
  }
  const reported = new Set<string>();
  const found: string[] = [];
  for (const start of [...edges.keys()].sort()) {
    const cameFrom = reachedFrom(edges, start);
    if (reported.has(start) || !cameFrom.has(start)) continue;
    const members = [...cameFrom.keys()].filter((unit) => reachedFrom(edges, unit).has(start)).sort();
    members.forEach((unit) => reported.add(unit));
    const loop = [start];
    for (let unit = cameFrom.get(start)!; unit !== start; unit = cameFrom.get(unit)!) loop.unshift(unit);
    loop.unshift(start);
    const steps = loop.slice(1).map((unit, i) => where(edges.get(loop[i]!)!.get(unit)!));
    found.push(`${members.join(', ')} import each other, e.g. ${loop.join(' → ')} (${steps.join('; ')})`);
  }
  return found;
}

/** An import between two files of `src/`. */
interface FileImport {
  /** Importing file, repository-relative (`src/runtime/run-worker.ts`). */
  file: string;
  line: number;
  specifier: string;
  /** Imported file, repository-relative. */
  target: string;
}

/**
 * The imports of a file that name another file of `src/`: `import` and `export … from`, `import()`
 * and `typeof import()`, type-only ones included. A type-only cycle loads no code, but it shows a
 * type kept beside the wrong file: the type belongs below both (docs/decisions.md, "Source layers").
 */
function fileImportsOf(fullPath: string, text = fs.readFileSync(fullPath, 'utf8')): FileImport[] {
  const file = `src/${path.relative(SRC, fullPath).split(path.sep).join('/')}`;
  const source = ts.createSourceFile(fullPath, text, ts.ScriptTarget.Latest, true);
  const found: FileImport[] = [];
  const add = (specifier: ts.Expression | undefined, node: ts.Node) => {
    if (!specifier || !ts.isStringLiteralLike(specifier) || !specifier.text.startsWith('.')) return;
    const target = path
      .relative(path.dirname(SRC), path.resolve(path.dirname(fullPath), specifier.text))
      .split(path.sep)
      .join('/');
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ file, line, specifier: specifier.text, target });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier, node);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], node);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Sets of files that import each other (Tarjan's strongly connected components, each of two or more files or a file importing itself). */
function stronglyConnected(edges: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || edges.get(node)?.has(node)) components.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/**
 * One report per set of files that import each other (allowed upward imports left out): how many
 * they are, and a shortest cycle among them with the import that makes each step.
 */
function fileCycles(imports: readonly FileImport[]): string[] {
  const edges = new Map<string, Map<string, FileImport>>();
  for (const imp of imports) {
    if (`${imp.file} -> ${imp.specifier}` in ALLOWED_UPWARD) continue;
    // The package entry hands itself to the module loader (`provideLlmDoApi`): not a cycle between files.
    if (imp.target === imp.file) continue;
    const targets = edges.get(imp.file) ?? new Map<string, FileImport>();
    if (!targets.has(imp.target)) targets.set(imp.target, imp);
    edges.set(imp.file, targets);
  }
  return stronglyConnected(edges).map((members) => {
    const inside = new Map(members.map((file) => [file, new Map([...(edges.get(file) ?? [])].filter(([target]) => members.includes(target)))]));
    const loops = members.map((start) => {
      const cameFrom = reachedFrom(inside, start);
      const loop = [start];
      for (let file = cameFrom.get(start)!; file !== start; file = cameFrom.get(file)!) loop.unshift(file);
      return [start, ...loop];
    });
    const shortest = loops.reduce((best, loop) => (loop.length < best.length ? loop : best));
    const steps = shortest.slice(1).map((file, i) => {
      const imp = inside.get(shortest[i]!)!.get(file)!;
      return `${imp.file}:${imp.line} imports '${imp.specifier}'`;
    });
    return `${members.length} files import each other, e.g. ${shortest.join(' → ')} (${steps.join('; ')})`;
  });
}

function runtimeImportsOfCli(imports: readonly ImportLine[]): string[] {
  return imports
    .filter((imp) => imp.from === 'runtime' && imp.to === 'cli')
    .map((imp) => `${where(imp)}: the runtime is a library and must not depend on the CLI`);
}

function bannedModuleImports(imports: readonly ImportLine[]): string[] {
  return imports.flatMap((imp) => {
    if (/^(node:)?fs(\/promises)?$/.test(imp.specifier) && !(imp.file in NODE_FS_ALLOWED)) {
      return [`${where(imp)}: only ${Object.keys(NODE_FS_ALLOWED).join(', ')} may use node:fs; read files through the sandbox's FileSystem`];
    }
    if (/^(node:)?child_process$/.test(imp.specifier) && !(imp.file in CHILD_PROCESS_ALLOWED)) {
      return [`${where(imp)}: only ${Object.keys(CHILD_PROCESS_ALLOWED).join(', ')} may start processes`];
    }
    return [];
  });
}

const imports = sourceFiles(SRC).flatMap(importsOf);
const fileImports = sourceFiles(SRC).flatMap((file) => fileImportsOf(file));

describe('architecture', () => {
  it('places every folder of src/ in a layer', () => {
    expect(unknownUnits(imports)).toEqual([]);
  });

  it('has no import of a layer that is not below the importer', () => {
    expect(layerViolations(imports)).toEqual([]);
  });

  it('has no folder-level import cycle', () => {
    expect(cycles(imports)).toEqual([]);
  });

  it('has no file-level import cycle, of types either', () => {
    expect(fileCycles(fileImports)).toEqual([]);
  });

  it('keeps the runtime independent of the CLI', () => {
    expect(runtimeImportsOfCli(imports)).toEqual([]);
  });

  it('uses node:fs and node:child_process only in the allowed modules', () => {
    expect(bannedModuleImports(imports)).toEqual([]);
  });

  it('lists only allowances still needed', () => {
    const used = (file: string, pattern: RegExp) => imports.some((imp) => imp.file === file && pattern.test(imp.specifier));
    const stale = [
      ...Object.keys(ALLOWED_UPWARD).filter((key) => !imports.some((imp) => edgeKey(imp) === key)),
      ...Object.keys(NODE_FS_ALLOWED).filter((file) => !used(file, /^(node:)?fs(\/promises)?$/)),
      ...Object.keys(CHILD_PROCESS_ALLOWED).filter((file) => !used(file, /^(node:)?child_process$/)),
    ].map((entry) => `${entry} is allowed but no longer imported: remove the allowance`);
    expect(stale).toEqual([]);
  });

  it('catches an upward import, a cycle, the runtime importing the CLI and a stray node:fs or child_process import', () => {
    const line = (file: string, specifier: string): ImportLine => {
      const srcRelative = file.slice('src/'.length);
      const to = specifier.startsWith('.') ? unitOf(path.posix.join(path.posix.dirname(srcRelative), specifier)) : undefined;
      return { file, line: 1, specifier, from: unitOf(srcRelative), to };
    };
    const upward = line('src/sandbox/sandbox.ts', '../runtime/index.ts');
    const runtimeToCli = line('src/runtime/run-worker.ts', '../cli/main.ts');
    expect(layerViolations([...imports, upward, runtimeToCli])).toEqual([
      "src/sandbox/sandbox.ts:1 imports '../runtime/index.ts': sandbox may import only layers below it, and runtime is above it",
      "src/runtime/run-worker.ts:1 imports '../cli/main.ts': runtime may import only layers below it, and cli is above it",
    ]);
    expect(runtimeImportsOfCli([...imports, runtimeToCli])).toEqual([
      "src/runtime/run-worker.ts:1 imports '../cli/main.ts': the runtime is a library and must not depend on the CLI",
    ]);
    expect(cycles([...imports, line('src/tools/shell/toolset.ts', '../../project/index.ts')])).toEqual([
      expect.stringMatching(
        /^project, tools import each other, e\.g\. project → tools → project \(src\/project\/.*; src\/tools\/shell\/toolset\.ts:1 imports '\.\.\/\.\.\/project\/index\.ts'\)$/,
      ),
    ]);
    expect(bannedModuleImports([...imports, line('src/templates/render.ts', 'node:fs'), line('src/runtime/run-worker.ts', 'child_process')])).toEqual([
      expect.stringMatching(/^src\/templates\/render\.ts:1 imports 'node:fs': only .* may use node:fs/),
      "src/runtime/run-worker.ts:1 imports 'child_process': only src/tools/shell/process.ts, src/mcp-client/stdio-transport.ts, src/cli/module-compiler.ts may start processes",
    ]);
    expect(unknownUnits([...imports, line('src/daemon/runs.ts', '../errors.ts')])).toEqual([expect.stringMatching(/^src\/daemon is in no layer/)]);
  });

  it('counts every import between files, of types too, and reports a cycle of them with a shortest loop', () => {
    const parsed = fileImportsOf(
      path.join(SRC, 'runtime/made-up.ts'),
      [
        "import type { A } from './a.ts';",
        "import { type B } from './b.ts';",
        "export type { C } from './c.ts';",
        "import { d } from './d.ts';",
        "import './e.ts';",
        "const f = () => import('./f.ts');",
        "type G = typeof import('./g.ts');",
        "export * from '../h.ts';",
        "import { i, type I } from 'node:path';",
      ].join('\n'),
    );
    expect(parsed.map(({ line, target }) => `${line} ${target}`)).toEqual([
      '1 src/runtime/a.ts',
      '2 src/runtime/b.ts',
      '3 src/runtime/c.ts',
      '4 src/runtime/d.ts',
      '5 src/runtime/e.ts',
      '6 src/runtime/f.ts',
      '7 src/runtime/g.ts',
      '8 src/h.ts',
    ]);

    const step = (file: string, target: string): FileImport => ({ file, line: 1, specifier: `./${path.posix.basename(target)}`, target });
    // a → b → c → a, and a → d → a: four files in one cycle, the shortest loop through d.
    const madeUp = [
      step('src/a.ts', 'src/b.ts'),
      step('src/b.ts', 'src/c.ts'),
      step('src/c.ts', 'src/a.ts'),
      step('src/a.ts', 'src/d.ts'),
      step('src/d.ts', 'src/a.ts'),
    ];
    expect(fileCycles([...fileImports, ...madeUp])).toEqual([
      "4 files import each other, e.g. src/a.ts → src/d.ts → src/a.ts (src/a.ts:1 imports './d.ts'; src/d.ts:1 imports './a.ts')",
    ]);
    // A file of the tree importing one that imports it: the files of the shortest loop are named.
    const back = { file: 'src/errors.ts', line: 1, specifier: './runtime/run-worker.ts', target: 'src/runtime/run-worker.ts' };
    expect(fileCycles([...fileImports, back])).toEqual([
      expect.stringMatching(
        /^\d+ files import each other, e\.g\. src\/errors\.ts → src\/runtime\/run-worker\.ts → src\/errors\.ts \(src\/errors\.ts:1 imports '\.\/runtime\/run-worker\.ts'; src\/runtime\/run-worker\.ts:\d+ imports '\.\.\/errors\.ts'\)$/,
      ),
    ]);
  });

  // The folder cycles issue 12 removed: each would come back with the one upward import shown.
  it.each([
    ['project', 'tools', 'src/tools/toolbox.ts', '../project/types.ts'],
    ['project', 'worker-file', 'src/worker-file/schema.ts', '../project/types.ts'],
    ['tools', 'worker-file', 'src/worker-file/schema.ts', '../tools/types.ts'],
    ['sandbox', 'worker-file', 'src/sandbox/sandbox.ts', '../worker-file/schema.ts'],
  ])('reports the %s ↔ %s cycle if it came back', (first, second, file, specifier) => {
    expect(cycles(imports)).toEqual([]);
    const srcRelative = file.slice('src/'.length);
    const back: ImportLine = { file, line: 1, specifier, from: unitOf(srcRelative), to: unitOf(path.posix.join(path.posix.dirname(srcRelative), specifier)) };
    const found = cycles([...imports, back]);
    expect(found).toHaveLength(1);
    expect(found[0]!.split(' import each other')[0]!.split(', ')).toEqual(expect.arrayContaining([first, second]));
  });
});
