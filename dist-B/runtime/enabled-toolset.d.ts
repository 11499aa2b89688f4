import type { ToolsetsConfig } from '../worker/schema.ts';
/** The config of a toolset when the worker enables it (`false` or absent = disabled). */
export declare function enabledToolset<K extends keyof ToolsetsConfig>(toolsets: ToolsetsConfig | undefined, name: K): Exclude<NonNullable<ToolsetsConfig[K]>, false> | undefined;
