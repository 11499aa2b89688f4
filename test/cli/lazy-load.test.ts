/**
 * What the built CLI loads (issue 14: start-up time and peak RSS): `--help` and a plain run must not
 * load code they do not use. Each case runs `dist/cli/bin.js` with a preload that records every ES
 * module, every CommonJS file required by path (the bundle is CommonJS, scripts/bundle-cli.mjs) and
 * every package required; a bundled chunk is mapped to the source modules it holds through the
 * `// src/…` and `// node_modules/…` lines the bundler writes before each module.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../e2e/helpers/run-cli.ts';
import { closeServers, scripted } from '../e2e/helpers/scripted.ts';
import { writeToolProject } from '../e2e/helpers/tool-project.ts';

const HOOK = path.join(REPO_ROOT, 'test/fixtures/lazy-load/record-loads.mjs');
let scratch: string;

/**
 * The modules `node dist/cli/bin.js ARGS` (given `stdin`) loaded: source paths (`src/…`,
 * `node_modules/…`) and `require ID`s; `childModules`, those of the processes it started.
 */
async function loadedModules(
  args: string[],
  env: Record<string, string | undefined> = {},
  stdin?: string,
): Promise<{ modules: string[]; childModules: string[]; stdout: string }> {
  const record = path.join(scratch, `loads-${Math.random().toString(36).slice(2)}.txt`);
  const result = await runCli(args, {
    env: { ...env, NODE_OPTIONS: `--import=${HOOK}`, LLM_DO_TEST_LOADS: record },
    home: path.join(scratch, 'home'),
    ...(stdin === undefined ? {} : { stdin }),
  });
  expect(result.code, result.stderr).toBe(0);
  const children = `${record}.child`;
  return { modules: modulesIn(record), childModules: fs.existsSync(children) ? modulesIn(children) : [], stdout: result.stdout };
}

/** The modules a record of record-loads.mjs lists. */
function modulesIn(record: string): string[] {
  const modules = new Set<string>();
  for (const line of fs.readFileSync(record, 'utf8').split('\n')) {
    const [kind, what] = line.split(' ');
    if (kind === 'require' || kind === 'builtin') modules.add(`${kind} ${what}`);
    if (kind !== 'load' || !what?.startsWith('file:')) continue;
    const file = fileURLToPath(what);
    modules.add(path.relative(REPO_ROOT, file));
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/^\/\/ ((?:src|node_modules)\/\S+)$/gm)) modules.add(match[1]!);
  }
  return [...modules];
}

/** The entries of `modules` that start with one of `prefixes`. */
const matching = (modules: string[], prefixes: string[]) => modules.filter((module) => prefixes.some((prefix) => module.startsWith(prefix)));

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-lazy-load-'));
  fs.writeFileSync(path.join(scratch, 'main.worker'), '---\nname: main\nmodel: openai-compatible:lazy\n---\nAnswer briefly.\n');
  // Front matter outside the simple subset (a comment after a value) and instructions with a tag.
  fs.mkdirSync(path.join(scratch, 'full'));
  fs.writeFileSync(
    path.join(scratch, 'full', 'main.worker'),
    '---\nname: main\nmodel: openai-compatible:lazy # the scripted server\n---\nAnswer {% if true %}briefly{% endif %}.\n',
  );
  writeToolProject(path.join(scratch, 'tools'), {
    model: 'openai-compatible:lazy',
    instructions: 'Add.',
    tools:
      'import { defineTool } from "llm-do";\nimport { z } from "zod";\nexport const add = defineTool({ description: "Adds.", inputSchema: z.object({ a: z.number() }), execute: ({ a }) => a + 1 });\n',
  });
  // A tool module that reads zod's translations, through each way of importing zod.
  writeToolProject(path.join(scratch, 'locales'), {
    model: 'openai-compatible:lazy',
    instructions: 'Report.',
    tools: [
      'import { defineTool } from "llm-do";',
      'import { z } from "zod";',
      'import * as namespace from "zod";',
      'import zod from "zod";',
      'import { z as v4 } from "zod/v4";',
      'const message = () => z.string().safeParse(1).error!.issues[0]!.message;',
      'export const messages = defineTool({ description: "Zod messages.", inputSchema: z.object({}), execute: () => {',
      '  const english = message();',
      '  const forms = [namespace.locales.en, zod.locales.en, v4.locales.en, z.core.locales.en, namespace.z.locales.en].every((en) => typeof en === "function" && en === z.locales.en);',
      '  z.config(z.locales.de());',
      '  return { english, forms, german: message(), locales: Object.keys(z.locales).length };',
      '} });',
      '',
    ].join('\n'),
  });
});
afterAll(async () => {
  await closeServers();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('what the built CLI loads', () => {
  it('--help loads the command line parser only: no command, runtime, project, provider, zod, template or YAML code', async () => {
    const { modules, stdout } = await loadedModules(['--help']);
    expect(stdout).toContain('Usage: llm-do');
    expect(modules).toContain('node_modules/commander/lib/command.js');
    // `src/project/llm-do-home.ts` is where `$LLM_DO_HOME` is: a path join, shared with the library API.
    const unused = matching(modules, [
      'src/cli/commands/',
      'src/runtime/',
      'src/project/',
      'src/run-log/',
      'node_modules/ai/',
      'node_modules/zod/',
      'node_modules/nunjucks/',
      'node_modules/yaml/',
      'node_modules/libsql/',
    ]);
    expect(unused.filter((module) => module !== 'src/project/llm-do-home.ts')).toEqual([]);
  });

  it('a plain run loads no chat, other providers, telemetry SDK, prompts library, tool module loader, zod translations, YAML or template library', async () => {
    const { env } = await scripted(() => ({ text: 'ok' }));
    const { modules, stdout } = await loadedModules([scratch, 'hi'], env);
    expect(stdout.trim()).toBe('ok');
    expect(modules).toContain('src/cli/commands/run.ts');
    // The run log is on by default, but a run writes its journal (src/run-log/run-journal.ts) and loads no SQLite.
    expect(matching(modules, ['node_modules/libsql/', 'require libsql', 'src/run-log/sqlite-run-store.ts', 'src/run-log/journal-ingest.ts'])).toEqual([]);
    expect(modules).toContain('src/run-log/run-journal.ts');
    expect(
      matching(modules, [
        'src/cli/commands/chat.ts',
        'src/runtime/chat-session.ts',
        'node_modules/@ai-sdk/anthropic/',
        'node_modules/@ai-sdk/google/',
        'node_modules/@ai-sdk/openai/',
        'node_modules/ollama-ai-provider-v2/',
        'node_modules/@opentelemetry/sdk-trace-base/',
        'node_modules/@clack/prompts/',
        'node_modules/jiti/',
        'require jiti',
        'node_modules/zod/v4/locales/de.js',
        // Its front matter is simple YAML and its instructions plain text (src/worker-file/simple-yaml.ts, templates.ts).
        'node_modules/yaml/',
        'node_modules/nunjucks/',
      ]),
    ).toEqual([]);
  });

  it('a worker whose front matter or instructions are not simple loads the YAML parser and nunjucks, and runs as before', async () => {
    const { env } = await scripted((request) => ({ text: request.system }));
    const { modules, stdout } = await loadedModules([path.join(scratch, 'full'), 'hi'], env);
    expect(stdout.trim()).toBe('Answer briefly.');
    expect(modules).toContain('node_modules/yaml/dist/index.js');
    expect(modules).toContain('node_modules/nunjucks/index.js');
  });

  it("a run with piped stdio loads none of Node's modules for processes, terminals, Web Crypto, promise-based files or line reading", async () => {
    const { env } = await scripted((request) => (request.toolResults.length === 0 ? { toolCalls: [{ name: 'add', args: { a: 1 } }] } : { text: 'done' }));
    const runEnv = { ...env, LLM_DO_HOME: path.join(scratch, 'builtins-home') };
    const answering = await scripted(() => ({ text: 'ok' }));
    const plain = await loadedModules([scratch, 'hi'], { ...answering.env, LLM_DO_HOME: runEnv.LLM_DO_HOME });
    expect(plain.stdout.trim()).toBe('ok');
    expect(plain.modules).toContain('builtin crypto');
    // commander's subcommand executables, the shell tool, /dev/tty, globalThis.crypto and ES module imports of node:crypto, --trace, the terminal prompter.
    const unused = ['builtin child_process', 'builtin tty', 'builtin internal/crypto/webcrypto', 'builtin fs/promises', 'builtin readline/promises'];
    expect(matching(plain.modules, unused)).toEqual([]);
    // With a tools.ts, jiti loads `tty` and `fs/promises` itself (the second run: the first compiles the module, which loads more).
    await loadedModules([path.join(scratch, 'tools'), 'go'], runEnv);
    const tools = await loadedModules([path.join(scratch, 'tools'), 'go'], runEnv);
    expect(tools.stdout.trim()).toBe('done');
    expect(matching(tools.modules, unused)).toEqual(['builtin tty', 'builtin fs/promises']);
  });

  it('a chat, as every command that runs workers, records through its journal too and loads no SQLite', async () => {
    const { env } = await scripted(() => ({ text: 'ok' }));
    const home = path.join(scratch, 'chat-home');
    const chat = await loadedModules(['chat', scratch, '--quiet'], { ...env, LLM_DO_HOME: home }, 'hi\n');
    expect(chat.stdout.trim()).toBe('ok');
    expect(matching(chat.modules, ['node_modules/libsql/', 'require libsql', 'src/run-log/sqlite-run-store.ts', 'src/run-log/journal-ingest.ts'])).toEqual([]);
    expect(chat.modules).toContain('src/run-log/run-journal.ts');
    const listed = await loadedModules(['runs', '--json'], { LLM_DO_HOME: home });
    expect(JSON.parse(listed.stdout).runs).toMatchObject([{ status: 'ok', entry: 'main' }]);
  });

  it('a run with --no-log does not load SQLite', async () => {
    const { env } = await scripted(() => ({ text: 'ok' }));
    const { modules } = await loadedModules([scratch, 'hi', '--no-log'], env);
    expect(matching(modules, ['node_modules/libsql/', 'require libsql', 'src/run-log/'])).toEqual([]);
  });

  it("a tools.ts is loaded through a required jiti (its ES module entry makes Node scan all of jiti for export names), compiled in a child process, and the next run needs no compiler (jiti's file cache)", async () => {
    const { env } = await scripted((request) => (request.toolResults.length === 0 ? { toolCalls: [{ name: 'add', args: { a: 1 } }] } : { text: 'done' }));
    const home = path.join(scratch, 'tools-home');
    const { modules, childModules, stdout } = await loadedModules([path.join(scratch, 'tools'), 'go'], { ...env, LLM_DO_HOME: home });
    expect(stdout.trim()).toBe('done');
    expect(modules).toContain('require jiti');
    expect(matching(modules, ['node_modules/jiti/lib/jiti.mjs'])).toEqual([]);
    // The compiler is loaded by the child that compiles the module (src/cli/module-compiler.ts), not by the run.
    expect(matching(modules, ['node_modules/jiti/dist/babel.cjs'])).toEqual([]);
    expect(childModules).toContain('node_modules/jiti/dist/babel.cjs');
    expect(childModules).toContain('src/cli/compile-module.ts');
    // The next run finds the compiled module in $LLM_DO_HOME/cache/tool-modules: jiti, without its compiler, and no child.
    const next = await loadedModules([path.join(scratch, 'tools'), 'go'], { ...env, LLM_DO_HOME: home });
    expect(next.stdout.trim()).toBe('done');
    expect(next.modules).toContain('require jiti');
    expect(matching(next.modules, ['node_modules/jiti/dist/babel.cjs'])).toEqual([]);
    expect(next.childModules).toEqual([]);
    // Its "zod" is the whole namespace, but nothing reads zod's translations (scripts/bundle-cli.mjs);
    // its worker is simple YAML and plain text.
    for (const run of [modules, next.modules]) {
      expect(matching(run, ['node_modules/zod/v4/locales/de.js', 'dist/cli/chunks/zod-locales.cjs', 'node_modules/yaml/', 'node_modules/nunjucks/'])).toEqual(
        [],
      );
    }
  });

  it("a tool module's zod loads its translations when one is read: English by default, z.locales.de() after z.config", async () => {
    const { env } = await scripted((request) =>
      request.toolResults.length === 0 ? { toolCalls: [{ name: 'messages', args: {} }] } : { text: String(request.toolResults[0]!.content) },
    );
    const home = path.join(scratch, 'locales-home');
    // Compiled, then from the compiled-module cache.
    for (let run = 0; run < 2; run++) {
      const { modules, stdout } = await loadedModules([path.join(scratch, 'locales'), 'go'], { ...env, LLM_DO_HOME: home });
      expect(JSON.parse(stdout)).toEqual({
        english: 'Invalid input: expected string, received number',
        forms: true,
        german: 'Ung\u00fcltige Eingabe: erwartet string, erhalten Zahl',
        locales: 63,
      });
      expect(modules).toContain('node_modules/zod/v4/locales/de.js');
    }
  });

  it('the run a run process journaled is in the log for the next command that opens it, which loads SQLite', async () => {
    const { env } = await scripted(() => ({ text: 'ok' }));
    const home = path.join(scratch, 'journal-home');
    const run = await loadedModules([scratch, 'hi'], { ...env, LLM_DO_HOME: home });
    expect(run.modules).not.toContain('require libsql');
    const listed = await loadedModules(['runs', '--json'], { LLM_DO_HOME: home });
    expect(listed.modules).toContain('require libsql');
    expect(JSON.parse(listed.stdout).runs).toMatchObject([{ status: 'ok', entry: 'main' }]);
  });
});

describe('how the built CLI is written', () => {
  it('every file of the bundle is ASCII, so V8 keeps its source one byte per character (one other character doubles it)', () => {
    const cli = path.join(REPO_ROOT, 'dist/cli');
    const files = [...fs.readdirSync(cli).filter((name) => name.endsWith('.cjs')), ...fs.readdirSync(path.join(cli, 'chunks')).map((name) => `chunks/${name}`)];
    expect(files.length).toBeGreaterThan(10);
    const nonAscii = files.filter((file) => /[^\x00-\x7f]/.test(fs.readFileSync(path.join(cli, file), 'utf8')));
    expect(nonAscii).toEqual([]);
  });
});
