#!/usr/bin/env node
/**
 * Scale benchmark of `llm-do check`: generates a project of N workers in bench/.generated/ and times
 * `checkProject` in-process and the built CLI (`node dist/cli/bin.js check DIR`).
 *
 *   npm run build && node bench/check-scale.mjs [N]     N = 100 | 1000 (default) | 5000
 *
 * Target: under 2 s for 1000 workers. Exit code 1 when the in-process check of 1000 or fewer workers
 * misses it, or when the generated project does not check clean.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ALLOWED = [100, 1000, 5000];
const TARGET_MS = 2000;
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const dist = path.join(repo, 'dist');

const count = Number(process.argv[2] ?? 1000);
if (!ALLOWED.includes(count)) {
  console.error(`check-scale: N must be one of ${ALLOWED.join(', ')} (got ${process.argv[2]})`);
  process.exit(2);
}
if (!fs.existsSync(path.join(dist, 'project', 'check.js'))) {
  console.error('check-scale: dist/ is missing; run `npm run build` first');
  process.exit(2);
}

/** A project: main.worker calling every group, N-1 workers in 10 groups, shared template, schema and tools. */
function generate(root, n) {
  fs.rmSync(root, { recursive: true, force: true });
  const write = (relative, text) => {
    const file = path.join(root, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  write('project.yaml', 'name: scale\nmodel: test\ntoolsets:\n  filesystem: {}\n');
  write('templates/footer.jinja', 'Answer briefly.\n');
  write('schemas/in.json', JSON.stringify({ type: 'object', properties: { topic: { type: 'string' } } }));
  write('tools.ts', 'export function ping() { return "pong"; }\nexport const pingSchema = { type: "object", properties: {} };\n');
  const groups = 10;
  write('main.worker', `---\nname: main\ndescription: Entry\ntoolsets:\n  workers:\n    allowed_workers: [${Array.from({ length: groups }, (_, g) => `group${g}/*`).join(', ')}]\n---\nDelegate.\n`);
  for (let index = 1; index < n; index++) {
    const group = `group${index % groups}`;
    const id = `${group}/worker_${index}`;
    const schema = index % 5 === 0 ? 'schema_in: schemas/in.json\n' : '';
    const imports = index > groups ? `imports:\n  workers: [${group}/worker_${index - groups}]\n` : '';
    const directoryForm = index % 7 === 0;
    const file = directoryForm ? `workers/${id}/worker.worker` : `workers/${id}.worker`;
    write(file, `---\nname: ${id}\ndescription: Worker ${index}\n${schema}${imports}---\nYou are worker ${index}. {% include "footer.jinja" %}\n`);
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const root = path.join(here, '.generated', `check-${count}`);
const started = performance.now();
generate(root, count);
console.log(`generated ${count} workers in ${(performance.now() - started).toFixed(0)} ms at ${path.relative(repo, root)}`);

const { checkProject } = await import(path.join(dist, 'project', 'check.js'));
const { loadProject } = await import(path.join(dist, 'project', 'load-project.js'));
const { createNodeFileSystem } = await import(path.join(dist, 'sandbox', 'node-file-system.js'));

const inProcess = [];
let diagnostics = [];
for (let run = 0; run < 3; run++) {
  const t0 = performance.now();
  const project = await loadProject({ fs: createNodeFileSystem(), root, homeDir: path.join(root, '.home'), env: {} });
  diagnostics = await checkProject(project);
  inProcess.push(performance.now() - t0);
}
console.log(`checkProject: median ${median(inProcess).toFixed(0)} ms (runs: ${inProcess.map((ms) => ms.toFixed(0)).join(', ')}), ${diagnostics.length} diagnostics`);

const cli = [];
const bin = path.join(dist, 'cli', 'bin.js');
if (fs.existsSync(bin)) {
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    try {
      execFileSync(process.execPath, [bin, 'check', root], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, HOME: path.join(root, '.home') } });
    } catch (error) {
      console.error(`llm-do check exited ${error.status}: ${String(error.stderr).trim()}`);
      process.exitCode = 1;
    }
    cli.push(performance.now() - t0);
  }
  console.log(`node dist/cli/bin.js check: median ${median(cli).toFixed(0)} ms (runs: ${cli.map((ms) => ms.toFixed(0)).join(', ')})`);
} else {
  console.log('dist/cli/bin.js not built; skipped the CLI timing');
}

if (diagnostics.length > 0) {
  console.error(`the generated project should check clean; first problem: ${JSON.stringify(diagnostics[0])}`);
  process.exitCode = 1;
}
if (count <= 1000 && median(inProcess) > TARGET_MS) {
  console.error(`checkProject took ${median(inProcess).toFixed(0)} ms for ${count} workers; target is under ${TARGET_MS} ms`);
  process.exitCode = 1;
}
