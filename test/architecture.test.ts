/**
 * The layer rules of docs/decisions.md ("Source layers"), derived from the source: every `import`,
 * `import type`, `export ... from`, `import()` and `typeof import()` of `src/**` counts. A unit is a
 * folder of `src/` or one of its top-level files. A failure names the file, line and import.
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
  ['batch', 'test-runner', 'ui'],
  ['restate'],
  ['index', 'browser'],
  ['cli', 'testkit'],
];

/** Imports that break the layer order on purpose; each must still exist. */
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
  'src/ui/assets.ts': "reads the page of llm-do ui (HTML, CSS, script) from llm-do's own package, not a project file",
};

/** The modules that may start processes, with why: each owns the cleanup of what it starts. */
const CHILD_PROCESS_ALLOWED: Readonly<Record<string, string>> = {
  'src/tools/shell/process.ts': "the shell tool's commands, with isolation and cleanup",
  'src/mcp-client/stdio-transport.ts': 'stdio MCP servers, each in its own process group that is stopped whole',
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

/** Units reachable from `start` along `edges`, each with the unit it was first reached from (breadth first). */
function reachedFrom(edges: ReadonlyMap<string, ReadonlyMap<string, ImportLine>>, start: string): Map<string, string> {
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
      "src/runtime/run-worker.ts:1 imports 'child_process': only src/tools/shell/process.ts, src/mcp-client/stdio-transport.ts may start processes",
    ]);
    expect(unknownUnits([...imports, line('src/daemon/runs.ts', '../errors.ts')])).toEqual([expect.stringMatching(/^src\/daemon is in no layer/)]);
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
