/** Tools (SPEC §6): definitions, the built-in and custom toolsets, and the gating toolbox. */
export { defineTool, isDefinedTool } from "./define-tool.js";
export { compileToolSchema, createToolbox, isGatedTool } from "./toolbox.js";
export { createCustomToolset, loadToolModule } from "./custom.js";
export { createFilesystemToolset } from "./filesystem.js";
export { createShellToolset } from "./shell.js";
