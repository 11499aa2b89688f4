/**
 * The `custom` toolset (docs/tools.md): tools from TS/JS modules loaded at run time without a build step.
 * A module may export, in any mix: `defineTool(...)` values; a plain function `foo` plus `fooSchema`
 * (zod schema, zod shape object or JSON Schema; description from the schema); `register(registry)`.
 */
import { z } from 'zod';
import { toolDefaultRule } from '../approval/rules.ts';
import { ProjectError } from '../errors.ts';
import { compileFieldGlob, isGlob } from '../glob/index.ts';
import { isZodSchema, type ToolInputSchema } from '../worker-file/json-schema.ts';
import { importModule } from '../modules/module-loader.ts';
import type { CustomToolsetConfig } from '../worker-file/schema.ts';
import { isDefinedTool, type ToolSpec } from './define-tool.ts';
import { compileToolSchema } from './toolbox.ts';
import { singleInstance, type ToolsetKind } from './toolset-kind.ts';
import type { ToolDefinition, ToolsetTool } from './types.ts';

/** A tool module found by the project layer. `displayPath` is what messages show. */
export interface ToolModuleRef {
  hostPath: string;
  displayPath: string;
}

/** What `register(registry)` receives. */
export interface ToolRegistry {
  /** Adds a tool; it must have a `name`. */
  add(tool: ToolSpec): void;
  /** Adds a tool under `name`. */
  tool(name: string, spec: Omit<ToolSpec, 'name'>): void;
}

/** Options of `createCustomToolset`. */
export interface CustomToolsetOptions {
  /** Tool modules in priority order (worker-local first); on a name clash the earlier one wins. */
  modules: readonly ToolModuleRef[];
  /** The worker's `toolsets.custom` config: `tools` selects what is offered (absent = all). */
  config: CustomToolsetConfig;
}

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const NO_TOOLS = 'tool module exports no tools (expected defineTool values, a function with a matching <name>Schema, or register())';

/**
 * Loads one tool module and returns its tools, checked. Throws `ProjectError` naming the file when it
 * fails to load, exports no tools, or exports a malformed tool.
 */
export async function loadToolModule(ref: ToolModuleRef): Promise<ToolDefinition[]> {
  let namespace: Record<string, unknown>;
  try {
    namespace = await importModule(ref.hostPath);
  } catch (error) {
    throw moduleError(ref, `tool module failed to load: ${firstLine(error)}`, error);
  }
  const tools = new Map<string, { tool: ToolDefinition; where: string }>();
  const add = (spec: unknown, name: unknown, where: string) => {
    const tool = checkTool(ref, spec, name, where);
    const earlier = tools.get(tool.name);
    if (earlier) throw new ProjectError('duplicate-tool-name', `tool ${tool.name} is defined twice (${earlier.where} and ${where})`, { file: ref.displayPath });
    tools.set(tool.name, { tool, where });
  };

  for (const [exportName, value] of Object.entries(namespace)) {
    if (isDefinedTool(value)) {
      if (value.name === undefined && exportName === 'default') {
        throw moduleError(ref, 'the default export is a defineTool without a name; give it a name or export it under one');
      }
      add(value, value.name ?? exportName, `export ${exportName}`);
    } else if (typeof value === 'function' && exportName !== 'register' && Object.hasOwn(namespace, `${exportName}Schema`)) {
      add(functionTool(ref, value as PlainToolFunction, namespace[`${exportName}Schema`], exportName), exportName, `function ${exportName}`);
    }
  }
  if (typeof namespace.register === 'function') {
    const registry: ToolRegistry = {
      add: (spec) => add(spec, (spec as { name?: unknown } | null)?.name, 'register()'),
      tool: (name, spec) => add(spec, name, 'register()'),
    };
    try {
      await (namespace.register as (registry: ToolRegistry) => unknown)(registry);
    } catch (error) {
      if (ProjectError.isInstance(error)) throw error;
      throw moduleError(ref, `register() failed: ${firstLine(error)}`, error);
    }
  }
  if (tools.size === 0) throw moduleError(ref, NO_TOOLS);
  return [...tools.values()].map((entry) => entry.tool);
}

/**
 * Loads the custom tools a worker may use, in module order, then export-name order, then `register()`
 * order. Worker-local modules win on a name clash (the earlier module wins); with `config.tools`,
 * only the listed tools (names or globs) are offered, in that order (a listed name no module
 * defines is an error naming the available ones). A boolean `needsApproval` becomes the tool's `defaultRule`.
 */
export async function createCustomToolset(options: CustomToolsetOptions): Promise<ToolsetTool[]> {
  const loaded = await Promise.all(options.modules.map((ref) => loadToolModule(ref)));
  const available = new Map<string, ToolDefinition>();
  for (const tool of loaded.flat()) if (!available.has(tool.name)) available.set(tool.name, tool);

  return selectTools(options.config.tools, available).map((tool) => {
    // A boolean needsApproval is a fixed default rule; only a function must be evaluated per call.
    const defaultRule = typeof tool.needsApproval === 'boolean' ? toolDefaultRule(tool) : undefined;
    return { ...tool, toolset: 'custom', ...(defaultRule ? { defaultRule } : {}) };
  });
}

/**
 * The tools `toolsets.custom.tools` selects, in its order: a name must exist (an error names the
 * available ones); a glob (`search_*`, the engine of `src/glob`) adds every match.
 */
function selectTools(entries: readonly string[] | undefined, available: ReadonlyMap<string, ToolDefinition>): ToolDefinition[] {
  if (entries === undefined) return [...available.values()];
  const selected = new Map<string, ToolDefinition>();
  const location = { field: 'toolsets.custom.tools' };
  for (const entry of entries) {
    if (isGlob(entry)) {
      const glob = compileFieldGlob(entry, { segmented: false }, location);
      for (const [name, tool] of available) if (glob.matches(name)) selected.set(name, tool);
      continue;
    }
    const tool = available.get(entry);
    if (!tool) {
      const names = available.size > 0 ? [...available.keys()].sort().join(', ') : 'none (no tool module was found)';
      throw new ProjectError('invalid-field', `custom tool ${entry} listed in toolsets.custom.tools does not exist; available: ${names}`, location);
    }
    selected.set(entry, tool);
  }
  return [...selected.values()];
}

type PlainToolFunction = (args: unknown, context: unknown) => unknown;

/** `foo` + `fooSchema` → a tool spec; the description comes from the schema. */
function functionTool(ref: ToolModuleRef, fn: PlainToolFunction, schema: unknown, exportName: string): ToolSpec {
  const inputSchema = isZodShape(schema) ? z.object(schema) : schema;
  if (!isZodSchema(inputSchema) && !isPlainObject(inputSchema)) {
    throw moduleError(ref, `${exportName}Schema must be a zod schema or a JSON Schema object`);
  }
  const description = (inputSchema as { description?: unknown }).description;
  // `foo.needsApproval = false` (and `foo.idempotent`): the function says what defineTool would.
  const { needsApproval, idempotent } = fn as { needsApproval?: unknown; idempotent?: unknown };
  return {
    description: typeof description === 'string' ? description : '',
    inputSchema: inputSchema as ToolInputSchema,
    execute: (args, context) => fn(args, context),
    ...(needsApproval === undefined ? {} : { needsApproval: needsApproval as ToolSpec['needsApproval'] }),
    ...(idempotent === undefined ? {} : { idempotent: idempotent as boolean }),
  };
}

/** Checks one tool and returns it as a plain definition. */
function checkTool(ref: ToolModuleRef, spec: unknown, name: unknown, where: string): ToolDefinition {
  if (!isPlainObject(spec)) throw moduleError(ref, `${where} gave a tool that is not an object`);
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
    const shown = typeof name === 'string' ? `"${name}"` : 'missing';
    throw moduleError(ref, `tool name ${shown} (${where}) is not valid; use 1-64 letters, digits, _ or -`);
  }
  const { description, inputSchema, execute, needsApproval, idempotent } = spec as Partial<ToolSpec>;
  if (typeof description !== 'string') throw moduleError(ref, `tool ${name} needs a description (a string)`);
  if (typeof execute !== 'function') throw moduleError(ref, `tool ${name} needs an execute function`);
  if (needsApproval !== undefined && typeof needsApproval !== 'boolean' && typeof needsApproval !== 'function') {
    throw moduleError(ref, `needsApproval of tool ${name} must be true, false or a function`);
  }
  if (idempotent !== undefined && typeof idempotent !== 'boolean') throw moduleError(ref, `idempotent of tool ${name} must be true or false`);
  if (inputSchema === undefined || inputSchema === null) throw moduleError(ref, `tool ${name} needs an inputSchema (a zod schema or a JSON Schema object)`);
  try {
    compileToolSchema(name, inputSchema);
  } catch (error) {
    if (!ProjectError.isInstance(error)) throw error;
    throw new ProjectError('schema', error.detail, { file: ref.displayPath }, { cause: error });
  }
  return {
    name,
    description,
    inputSchema,
    execute,
    ...(needsApproval === undefined ? {} : { needsApproval }),
    ...(idempotent === undefined ? {} : { idempotent }),
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ name: z.string() }`: an object whose every value is a zod schema. */
function isZodShape(value: unknown): value is z.ZodRawShape {
  if (!isPlainObject(value) || isZodSchema(value)) return false;
  const values = Object.values(value);
  return values.length > 0 && values.every(isZodSchema);
}

function moduleError(ref: ToolModuleRef, detail: string, cause?: unknown): ProjectError {
  return new ProjectError('tool-module', detail, { file: ref.displayPath }, cause === undefined ? undefined : { cause });
}

/** The first line of an error's message: no stack traces for users. */
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.trim() || 'unknown error';
}

/** `custom`: the project's own tools (`tools.ts`, `tools.modules`), imported and selected when the worker is prepared. */
export const customToolset: ToolsetKind<CustomToolsetConfig> = {
  kind: 'custom',
  summary: "the project's own tools from tools.ts and tools.modules",
  needsSandbox: true,
  instances: singleInstance('custom'),
  create: (_config, host) => [...host.customTools],
};
