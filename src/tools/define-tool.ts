/**
 * `defineTool`: how tool modules (and library users) declare a tool (docs/tools.md).
 */
import type { z } from 'zod';
import type { ToolInputSchema } from '../worker-file/json-schema.ts';
import type { ToolContext } from './types.ts';

// Symbol.for: a tool module gets llm-do through the module loader, which may be another copy of
// this file; the registry-wide symbol still recognizes what it made.
const DEFINED_TOOL = Symbol.for('llm-do.defined-tool');

/** What a tool author writes. */
export interface ToolSpec<Args = any, Output = unknown> {
  /** Tool name the model sees (`[A-Za-z0-9_-]`, at most 64 chars). Absent: the export's name. */
  name?: string;
  /** What the tool does, for the model (and the approval prompt). */
  description: string;
  /** A zod schema or a JSON Schema object describing the arguments (an object). */
  inputSchema: ToolInputSchema;
  /** Runs the tool with validated arguments. A throw becomes an error result for the model. */
  execute(args: Args, context: ToolContext): Output | Promise<Output>;
  /**
   * The tool's own approval default: `true` ask, `false` pre-approved, a function decides per call.
   * Worker and manifest `approval` settings take precedence.
   */
  needsApproval?: boolean | ((args: Args) => boolean | Promise<boolean>);
  /** Running it twice does what running it once does: a resumed run may re-run a call a crash cut short. */
  idempotent?: boolean;
}

/** A `ToolSpec` marked as made by `defineTool`, so a module export can be recognized as a tool. */
export type DefinedTool<Args = any, Output = unknown> = Readonly<ToolSpec<Args, Output>> & { readonly [DEFINED_TOOL]: true };

/**
 * Declares a tool. With a zod `inputSchema`, `execute` gets typed arguments.
 *
 * @example
 * import { defineTool } from 'llm-do';
 * import { z } from 'zod';
 * export const word_count = defineTool({
 *   description: 'Count the words of a text',
 *   inputSchema: z.object({ text: z.string() }),
 *   execute: ({ text }) => text.split(/\s+/).filter(Boolean).length,
 * });
 */
export function defineTool<S extends z.ZodType, Output>(
  spec: Omit<ToolSpec<z.output<S>, Output>, 'inputSchema'> & { inputSchema: S },
): DefinedTool<z.output<S>, Output>;
export function defineTool<Args = any, Output = unknown>(spec: ToolSpec<Args, Output>): DefinedTool<Args, Output>;
export function defineTool(spec: ToolSpec): DefinedTool {
  return Object.freeze({ ...spec, [DEFINED_TOOL]: true as const });
}

/** True for a value made by `defineTool` (from any copy of llm-do). */
export function isDefinedTool(value: unknown): value is DefinedTool {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[DEFINED_TOOL] === true;
}
