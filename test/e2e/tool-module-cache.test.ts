/**
 * A tool module through the built CLI, compiled on the first run and loaded from the compiled-module
 * cache on the next ones (docs/performance.md, the compiled module cache): Node's modules, "zod",
 * "llm-do" and a file of the project it imports behave as on the first run, and an edit of that
 * file is seen by the next run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runCli } from './helpers/run-cli.ts';
import { closeServers, scripted } from './helpers/scripted.ts';
import { writeToolProject } from './helpers/tool-project.ts';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-tool-module-cache-')));
afterAll(async () => {
  await closeServers();
  fs.rmSync(base, { recursive: true, force: true });
});

test('a cached tool module gets the same modules as a freshly compiled one, and sees an edited import', async () => {
  const project = writeToolProject(path.join(base, 'project'), {
    model: 'openai-compatible:cached-tools',
    instructions: 'Describe the path.',
    tools: [
      'import { defineTool } from "llm-do";',
      'import { z } from "zod";',
      'import { basename } from "node:path";',
      'import os from "os";',
      'import { version } from "./helper.ts";',
      'export const describe_path = defineTool({',
      '  description: "Describes a path.",',
      '  inputSchema: z.object({ path: z.string() }),',
      '  execute: ({ path }) => `${basename(path)} ${typeof os.platform} ${version}`,',
      '});',
    ].join('\n'),
  });
  const writeHelper = (version: string) => fs.writeFileSync(path.join(project, 'helper.ts'), `export const version: string = "${version}";\n`);
  writeHelper('v1');
  const { server, env } = await scripted((request) =>
    request.toolResults.length === 0 ? { toolCalls: [{ name: 'describe_path', args: { path: '/a/b/file.txt' } }] } : { text: request.toolResults[0]!.content },
  );
  const home = path.join(base, 'home');
  const run = async () => {
    const result = await runCli([project, 'go'], { env: { ...env, LLM_DO_HOME: home }, home: base });
    expect(result.code, result.stderr).toBe(0);
    return result.stdout.trim();
  };

  expect(await run()).toBe('file.txt function v1');
  // One entry per module, named after its folder and file, in a directory only this user can open.
  const cacheDir = path.join(home, 'cache', 'tool-modules');
  const compiled = () => fs.readdirSync(cacheDir).sort();
  expect(compiled().map((name) => name.split('.')[0])).toEqual(['project-helper', 'project-tools']);
  expect(fs.statSync(cacheDir).mode & 0o777).toBe(0o700);
  const entries = compiled().map((name) => fs.readFileSync(path.join(cacheDir, name), 'utf8'));
  expect(await run()).toBe('file.txt function v1');
  expect(compiled().map((name) => fs.readFileSync(path.join(cacheDir, name), 'utf8'))).toEqual(entries);
  writeHelper('v2');
  expect(await run()).toBe('file.txt function v2');
  expect(server.requests).toHaveLength(6);
});
