import type { CustomToolsetConfig } from '../worker/schema.ts';
import { type ToolSpec } from './define-tool.ts';
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
/**
 * Loads one tool module and returns its tools, checked. Throws `ProjectError` naming the file when it
 * fails to load, exports no tools, or exports a malformed tool.
 */
export declare function loadToolModule(ref: ToolModuleRef): Promise<ToolDefinition[]>;
/**
 * Loads the custom tools a worker may use, in module order, then export-name order, then `register()`
 * order. Worker-local modules win on a name clash (the earlier module wins); with `config.tools`,
 * only the listed tools (names or globs) are offered, in that order (a listed name no module
 * defines is an error naming the available ones). A boolean `needsApproval` becomes the tool's `defaultRule`.
 */
export declare function createCustomToolset(options: CustomToolsetOptions): Promise<ToolsetTool[]>;
