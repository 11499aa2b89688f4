/**
 * What a project's tool module gets for `import ... from "llm-do"` through each built surface that
 * loads projects (docs/decisions.md, "Module loading"): the library entry (`llm-do`) and the test
 * kit (`llm-do/testing`) hand the module loader the running copy of llm-do's entry. The project is
 * outside the repository, with no node_modules above it, so "llm-do" resolves only that way.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { REPO_ROOT } from './helpers/run-cli.ts';
import { writeToolProject } from './helpers/tool-project.ts';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-module-api-')));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const entry = (file: string) => JSON.stringify(pathToFileURL(path.join(REPO_ROOT, 'dist', file)).href);
const script = path.join(base, 'script.json');
fs.writeFileSync(script, JSON.stringify([{ match: { turn: 1 }, respond: { tool_calls: [{ name: 'same_llm_do', args: {} }] } }, { respond: { text: 'done' } }]));

// The tool says whether its "llm-do" is the very entry the program imported (in the test kit's case, after the run).
const project = writeToolProject(path.join(base, 'project'), {
  model: `scripted:${script}`,
  instructions: 'Check.',
  tools: [
    'import { defineTool, ProjectError } from "llm-do";',
    'import { z } from "zod";',
    'export const same_llm_do = defineTool({',
    '  description: "Says where its llm-do came from.",',
    '  inputSchema: z.object({}),',
    '  execute: () => { (globalThis as any).toolSaw = { defineTool, ProjectError }; return "seen"; },',
    '});',
  ].join('\n'),
});

/** Runs an ES module program with the repository's Node and returns its stdout (it fails the test on a non-zero exit). */
function runProgram(source: string): string {
  const file = path.join(base, `program-${Math.random().toString(36).slice(2)}.mjs`);
  fs.writeFileSync(file, source);
  const result = spawnSync(process.execPath, [file], { cwd: base, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: base } });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim();
}

test('through the library entry, a tool module gets the running llm-do', () => {
  const output = runProgram(
    [
      `const llmDo = await import(${entry('index.js')});`,
      `const project = await llmDo.loadProject(${JSON.stringify(project)}, { homeDir: ${JSON.stringify(base)}, env: {} });`,
      "const { result } = llmDo.runWorker({ project, input: 'go' });",
      'const { status } = await result;',
      'const saw = globalThis.toolSaw;',
      'console.log(JSON.stringify({ status, same: saw.defineTool === llmDo.defineTool && saw.ProjectError === llmDo.ProjectError }));',
    ].join('\n'),
  );
  expect(JSON.parse(output)).toEqual({ status: 'ok', same: true });
});

test('through llm-do/testing alone, a tool module gets the running llm-do', () => {
  const output = runProgram(
    [
      `const { runWorkerForTest } = await import(${entry('testkit/index.js')});`,
      `const run = await runWorkerForTest({ project: ${JSON.stringify(project)}, input: 'go', model: ${JSON.stringify(`scripted:${script}`)}, homeDir: ${JSON.stringify(base)}, env: {} });`,
      'run.dispose?.();',
      `const llmDo = await import(${entry('index.js')});`,
      'const saw = globalThis.toolSaw;',
      'console.log(JSON.stringify({ status: run.status, same: saw.defineTool === llmDo.defineTool && saw.ProjectError === llmDo.ProjectError }));',
    ].join('\n'),
  );
  expect(JSON.parse(output)).toEqual({ status: 'ok', same: true });
});
