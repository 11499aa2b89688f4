/**
 * llm-do's library API: the same engine the CLI uses.
 *
 * @module llm-do
 */
export * from './errors.ts';
export { defineTool } from './tools/define-tool.ts';
export type { DefinedTool, ToolSpec } from './tools/define-tool.ts';
export type { ToolRegistry } from './tools/custom.ts';
export type { JsonSchemaObject, ToolContext, ToolDefinition, ToolInputSchema, ToolOutcome, ToolsetTool } from './tools/types.ts';
