import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApprovalController } from '../../src/approval/controller.ts';
import { resolveApprovalRule, toolDefaultRule } from '../../src/approval/rules.ts';
import { z } from 'zod';
import { ProjectError } from '../../src/errors.ts';
import { importModule } from '../../src/modules/module-loader.ts';
import { createCustomToolset, loadToolModule, type ToolModuleRef } from '../../src/tools/custom.ts';
import { createToolbox } from '../../src/tools/toolbox.ts';
import type { ToolContext, ToolsetTool } from '../../src/tools/types.ts';

// Fixture projects live in the OS temp dir, outside the repository: no node_modules above them, so
// `llm-do` and `zod` can only resolve through llm-do's own module loader.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-custom-tools-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let counter = 0;
function moduleFile(relative: string, source: string): ToolModuleRef {
  const dir = path.join(root, `p${counter++}`);
  const hostPath = path.join(dir, relative);
  fs.mkdirSync(path.dirname(hostPath), { recursive: true });
  fs.writeFileSync(hostPath, source);
  return { hostPath, displayPath: relative };
}

const ALL_FORMS = `
import { defineTool } from "llm-do";
import { z } from "zod";

/** A helper that is not a tool. */
export function shout(text: string): string {
  return text.toUpperCase();
}
export const VERSION = 3;

export const word_count = defineTool({
  description: "Count the words of a text",
  inputSchema: z.object({ text: z.string() }),
  execute: ({ text }) => text.split(/\\s+/).filter(Boolean).length,
});

export const named = defineTool({
  name: "explicit_name",
  description: "A tool whose name is not its export's",
  inputSchema: { type: "object", properties: {}, additionalProperties: false },
  needsApproval: false,
  execute: () => "explicit",
});

export function greet(args: { name: string }): string {
  return "Hello, " + shout(args.name) + "!";
}
export const greetSchema = z.object({ name: z.string() }).describe("Greet someone by name");

export function add(args: { a: number; b: number }) {
  return args.a + args.b;
}
export const addSchema = { a: z.number(), b: z.number() };

export function lookup(args: { id: number }) {
  return { id: args.id };
}
export const lookupSchema = { type: "object", description: "Look up a record", properties: { id: { type: "integer" } }, required: ["id"] };

export function register(registry) {
  registry.tool("explode", {
    description: "Always fails",
    inputSchema: z.object({}),
    needsApproval: false,
    execute: () => { throw new Error("kaboom"); },
  });
  registry.add(defineTool({
    name: "where_am_i",
    description: "Reports the calling chain",
    inputSchema: z.object({}),
    needsApproval: false,
    execute: (_args, ctx) => ctx.chain.join(" > "),
  }));
}
`;

function context(): ToolContext {
  return { sandbox: undefined, signal: new AbortController().signal, chain: ['main', 'helper'], callWorker: async () => null };
}

function gate(tools: ToolsetTool[]) {
  return createToolbox({
    tools,
    ruleFor: (tool) => resolveApprovalRule({ toolName: tool.name, toolDefault: toolDefaultRule(tool) }),
    controller: createApprovalController({ mode: 'approve_all' }),
    context: context(),
  });
}

async function projectError(promise: Promise<unknown>): Promise<ProjectError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!ProjectError.isInstance(error)) throw new Error(`expected a ProjectError, got ${String(error)}`);
  return error;
}

describe('loadToolModule', () => {
  it('loads a tools.ts using all three export forms, with no install and no build', async () => {
    const ref = moduleFile('tools.ts', ALL_FORMS);
    expect(fs.existsSync(path.join(path.dirname(ref.hostPath), 'node_modules'))).toBe(false);
    const tools = await loadToolModule(ref);
    expect(tools.map((t) => t.name).sort()).toEqual(['add', 'explicit_name', 'explode', 'greet', 'lookup', 'where_am_i', 'word_count']);
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('greet')!.description).toBe('Greet someone by name');
    expect(byName.get('lookup')!.description).toBe('Look up a record');
    expect(byName.get('word_count')!.description).toBe('Count the words of a text');
  });

  it('runs the loaded tools through the toolbox', async () => {
    const tools = (await loadToolModule(moduleFile('tools.ts', ALL_FORMS))).map((t) => ({ ...t, toolset: 'custom' }));
    const box = gate(tools);
    expect(await box.get('word_count')!.run({ text: 'one two  three' })).toEqual({ ok: true, output: 3 });
    expect(await box.get('greet')!.run({ name: 'ada' })).toEqual({ ok: true, output: 'Hello, ADA!' });
    expect(await box.get('add')!.run({ a: 2, b: 5 })).toEqual({ ok: true, output: 7 });
    expect(await box.get('add')!.run({ a: 'two' })).toMatchObject({ ok: false, error: expect.stringMatching(/^invalid arguments for add: a: .*; b: /) });
    expect(await box.get('lookup')!.run({ id: 7 })).toEqual({ ok: true, output: { id: 7 } });
    expect(await box.get('explicit_name')!.run({})).toEqual({ ok: true, output: 'explicit' });
    expect(await box.get('where_am_i')!.run({})).toEqual({ ok: true, output: 'main > helper' });
  });

  it('a throwing tool becomes an error outcome', async () => {
    const tools = (await loadToolModule(moduleFile('tools.ts', ALL_FORMS))).map((t) => ({ ...t, toolset: 'custom' }));
    expect(await gate(tools).get('explode')!.run({})).toEqual({ ok: false, error: 'explode failed: kaboom' });
  });

  it('keeps needsApproval as the tool default: custom tools ask unless they say otherwise', async () => {
    const tools = await loadToolModule(moduleFile('tools.ts', ALL_FORMS));
    const rules = Object.fromEntries(tools.map((t) => [t.name, resolveApprovalRule({ toolName: t.name, toolDefault: toolDefaultRule(t) })]));
    expect(rules).toMatchObject({ word_count: 'ask', greet: 'ask', explicit_name: 'preApproved', explode: 'preApproved' });
  });

  it('a plain function says whether it needs approval, as defineTool does: needsApproval (and idempotent) on the function', async () => {
    const source = `import { z } from "zod";
export function pure(args: { n: number }) { return args.n * 2; }
pure.needsApproval = false;
pure.idempotent = true;
export const pureSchema = { n: z.number() };
export function careful(args: { n: number }) { return args.n; }
careful.needsApproval = (args: { n: number }) => args.n > 10;
export const carefulSchema = { n: z.number() };
export function plain() { return 1; }
export const plainSchema = { n: z.number() };
`;
    const tools = await loadToolModule(moduleFile('tools.ts', source));
    const rules = Object.fromEntries(tools.map((t) => [t.name, resolveApprovalRule({ toolName: t.name, toolDefault: toolDefaultRule(t) })]));
    expect(rules).toMatchObject({ pure: 'preApproved', plain: 'ask' });
    expect(tools.find((t) => t.name === 'pure')).toMatchObject({ idempotent: true });
    expect(typeof tools.find((t) => t.name === 'careful')!.needsApproval).toBe('function');

    const bad = moduleFile(
      'tools.ts',
      'import { z } from "zod";\nexport function f() { return 1; }\nf.needsApproval = "no";\nexport const fSchema = { n: z.number() };\n',
    );
    expect((await projectError(loadToolModule(bad))).message).toMatch(/needsApproval of tool f must be true, false or a function/);
  });

  it('loads tools/index.ts and plain ESM JavaScript too', async () => {
    const ts = moduleFile(
      'tools/index.ts',
      `import { defineTool } from "llm-do";\nimport z from "zod";\nexport const ping = defineTool({ description: "Ping", inputSchema: z.object({}), execute: () => "pong" });\n`,
    );
    const js = moduleFile(
      'tools.mjs',
      `export function echo(args) { return args.text; }\nexport const echoSchema = { type: "object", properties: { text: { type: "string" } } };\n`,
    );
    expect((await loadToolModule(ts)).map((t) => t.name)).toEqual(['ping']);
    expect((await loadToolModule(js)).map((t) => t.name)).toEqual(['echo']);
  });

  it('a module with no tools → error naming the file and the three forms', async () => {
    const error = await projectError(loadToolModule(moduleFile('workers/a/tools.ts', 'export const answer = 42;\nexport function helper() {}\n')));
    expect(error.code).toBe('tool-module');
    expect(error.message).toBe(
      'workers/a/tools.ts: tool module exports no tools (expected defineTool values, a function with a matching <name>Schema, or register())',
    );
  });

  it('a module that fails to load → error naming the file, one line, no stack', async () => {
    const syntax = await projectError(loadToolModule(moduleFile('tools.ts', 'export const = ;\n')));
    expect(syntax.code).toBe('tool-module');
    expect(syntax.message).toMatch(/^tools\.ts: tool module failed to load: /);
    expect(syntax.message).not.toContain('\n');
    const throwing = await projectError(loadToolModule(moduleFile('tools.ts', 'throw new Error("top-level boom\\nsecond line");\n')));
    expect(throwing.message).toBe('tools.ts: tool module failed to load: top-level boom');
    const missing = await projectError(
      loadToolModule(moduleFile('tools.ts', 'import { nothing } from "not-a-package-anywhere";\nexport const x = nothing;\n')),
    );
    expect(missing.message).toMatch(/^tools\.ts: tool module failed to load: .*not-a-package-anywhere/);
  });

  it('refuses malformed tools, naming the file and the tool', async () => {
    const cases: [string, RegExp][] = [
      [
        'export const t = defineTool({ name: "bad name!", description: "x", inputSchema: z.object({}), execute: () => 1 });',
        /tool name "bad name!" \(export t\) is not valid/,
      ],
      ['export const t = defineTool({ description: 5, inputSchema: z.object({}), execute: () => 1 } as any);', /tool t needs a description/],
      ['export const t = defineTool({ description: "x", inputSchema: z.object({}) } as any);', /tool t needs an execute function/],
      ['export const t = defineTool({ description: "x", execute: () => 1 } as any);', /tool t needs an inputSchema/],
      ['export const t = defineTool({ description: "x", inputSchema: z.string(), execute: () => 1 });', /input schema of tool t must describe an object/],
      [
        'export const t = defineTool({ description: "x", inputSchema: z.object({}), needsApproval: "yes", execute: () => 1 } as any);',
        /needsApproval of tool t must be true, false or a function/,
      ],
      ['export default defineTool({ description: "x", inputSchema: z.object({}), execute: () => 1 });', /default export is a defineTool without a name/],
      [
        'export const a = defineTool({ name: "same", description: "x", inputSchema: z.object({}), execute: () => 1 });\nexport const b = defineTool({ name: "same", description: "y", inputSchema: z.object({}), execute: () => 2 });',
        /tool same is defined twice \(export a and export b\)/,
      ],
      ['export function f() {}\nexport const fSchema = 12;', /fSchema must be a zod schema or a JSON Schema object/],
      [
        'export function register(r) { r.add({ description: "no name", inputSchema: z.object({}), execute: () => 1 }); }',
        /tool name missing \(register\(\)\) is not valid/,
      ],
      ['export function register() { throw new Error("registry exploded"); }', /register\(\) failed: registry exploded/],
    ];
    for (const [body, expected] of cases) {
      const ref = moduleFile('tools.ts', `import { defineTool } from "llm-do";\nimport { z } from "zod";\n${body}\n`);
      const error = await projectError(loadToolModule(ref));
      expect(error.message, body).toMatch(/^tools\.ts: /);
      expect(error.message, body).toMatch(expected);
    }
  });
});

describe('createCustomToolset', () => {
  it('offers every discovered tool when tools: is absent, tagged with the custom toolset', async () => {
    const tools = await createCustomToolset({ modules: [moduleFile('tools.ts', ALL_FORMS)], config: {} });
    expect(tools).toHaveLength(7);
    expect(new Set(tools.map((t) => t.toolset))).toEqual(new Set(['custom']));
    // needsApproval: false is a default rule of its own; no needsApproval leaves the default to `ask`.
    const rules = Object.fromEntries(tools.map((t) => [t.name, t.defaultRule]));
    expect(rules).toEqual({
      add: undefined,
      explicit_name: 'preApproved',
      explode: 'preApproved',
      greet: undefined,
      lookup: undefined,
      where_am_i: 'preApproved',
      word_count: undefined,
    });
  });

  it('offers only the listed tools, in the listed order; an unlisted export is not offered', async () => {
    const tools = await createCustomToolset({ modules: [moduleFile('tools.ts', ALL_FORMS)], config: { tools: ['greet', 'word_count', 'greet'] } });
    expect(tools.map((t) => t.name)).toEqual(['greet', 'word_count']);
    expect(gate(tools).get('add')).toBeUndefined();
  });

  it('a listed name that does not exist → error naming it and the available ones', async () => {
    const error = await projectError(createCustomToolset({ modules: [moduleFile('tools.ts', ALL_FORMS)], config: { tools: ['greet', 'gret'] } }));
    expect(error.code).toBe('invalid-field');
    expect(error.location.field).toBe('toolsets.custom.tools');
    expect(error.message).toBe(
      'custom tool gret listed in toolsets.custom.tools does not exist; available: add, explicit_name, explode, greet, lookup, where_am_i, word_count',
    );
    const none = await projectError(createCustomToolset({ modules: [], config: { tools: ['x'] } }));
    expect(none.message).toMatch(/available: none \(no tool module was found\)$/);
  });

  it('the worker-local module wins on a name clash', async () => {
    const source = (who: string) =>
      `import { defineTool } from "llm-do";\nimport { z } from "zod";\nexport const summarize = defineTool({ description: "${who}", inputSchema: z.object({}), execute: () => "${who}" });\nexport const only_${who} = defineTool({ description: "x", inputSchema: z.object({}), execute: () => 1 });\n`;
    const local = moduleFile('workers/special/tools.ts', source('local'));
    const project = moduleFile('tools.ts', source('project'));
    const tools = await createCustomToolset({ modules: [local, project], config: {} });
    expect(tools.map((t) => [t.name, t.description])).toEqual([
      ['only_local', 'x'],
      ['summarize', 'local'],
      ['only_project', 'x'],
    ]);
    const reversed = await createCustomToolset({ modules: [project, local], config: { tools: ['summarize'] } });
    expect(reversed.map((t) => t.description)).toEqual(['project']);
  });

  it('"llm-do" and "zod" inside a module are the running copies, not installs of their own', async () => {
    const ref = moduleFile(
      'tools.ts',
      'import * as llm from "llm-do";\nimport { z } from "zod";\nexport const errorClass = llm.ProjectError;\nexport const zodObject = z.object;\n',
    );
    const namespace = await importModule(ref.hostPath);
    expect(namespace.errorClass).toBe(ProjectError);
    expect(namespace.zodObject).toBe(z.object);
  });

  it('an edited module is picked up by the next load', async () => {
    const ref = moduleFile('tools.ts', 'export function v1(a) { return 1; }\nexport const v1Schema = { type: "object" };\n');
    expect((await loadToolModule(ref)).map((t) => t.name)).toEqual(['v1']);
    fs.writeFileSync(ref.hostPath, 'export function v2(a) { return 2; }\nexport const v2Schema = { type: "object" };\n');
    expect((await loadToolModule(ref)).map((t) => t.name)).toEqual(['v2']);
  });
});
