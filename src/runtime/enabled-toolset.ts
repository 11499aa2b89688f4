import type { ToolsetsConfig } from '../worker-file/schema.ts';

/** The config of a toolset when the worker enables it (`false` or absent = disabled). */
export function enabledToolset<K extends keyof ToolsetsConfig>(
  toolsets: ToolsetsConfig | undefined,
  name: K,
): Exclude<NonNullable<ToolsetsConfig[K]>, false> | undefined {
  const config = toolsets?.[name];
  if (config === undefined || config === false) return undefined;
  return config as Exclude<NonNullable<ToolsetsConfig[K]>, false>;
}
