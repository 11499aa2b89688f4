/** Tools (docs/tools.md): definitions, the built-in and custom toolsets, and the gating toolbox. */
export { defineTool, isDefinedTool } from './define-tool.ts';
export type { DefinedTool, ToolSpec } from './define-tool.ts';
export { compileToolSchema, createToolbox, isGatedTool } from './toolbox.ts';
export type { CreateToolboxOptions, GatedTool, Toolbox } from './toolbox.ts';
export { createCustomToolset, loadToolModule } from './custom.ts';
export type { CustomToolsetOptions, ToolModuleRef, ToolRegistry } from './custom.ts';
export { createFilesystemToolset } from './filesystem.ts';
export { createShellToolset } from './shell/toolset.ts';
export type * from './types.ts';
