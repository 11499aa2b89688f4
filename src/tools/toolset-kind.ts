/** What a toolset kind of the registry (`registry.ts`) is, and what the runtime hands its factory. */
import type { McpConnection } from '../mcp-client/connection.ts';
import type { Sandbox } from '../sandbox/types.ts';
import type { ToolsetsConfig } from '../worker-file/schema.ts';
import type { ToolsetTool } from './types.ts';

/** The calling worker's side of the run, as a toolset factory needs it. */
export interface ToolsetHost {
  /** The calling worker's sandbox (undefined when none of its toolsets needs one). */
  sandbox: Sandbox | undefined;
  /** The worker's custom tools, imported and selected when it was prepared. */
  customTools: readonly ToolsetTool[];
  /** One delegation tool per worker the caller may call. */
  delegationTools(): Promise<ToolsetTool[]>;
  /** `worker_create` and one tool per worker the caller created so far in the run. */
  workerFactoryTools(): Promise<ToolsetTool[]>;
  /** The run's MCP server `name`, started on first use and shared by every call. */
  mcpServer(name: string): Promise<McpConnection>;
}

/** One kind of toolset. `C` is the config of one enabled instance. */
export interface ToolsetKind<C = any> {
  /** The key under `toolsets:` (`mcp` instances are written `mcp:NAME`). */
  kind: keyof ToolsetsConfig;
  /** How it is written under `toolsets:` (`mcp:NAME`), when not just `kind`. */
  written?: string;
  /** One line for the docs and `check`. */
  summary: string;
  /** Its tools work on the calling worker's sandbox, which is then built for the call. */
  needsSandbox: boolean;
  /** The enabled instances in a worker's `toolsets` value for `kind` (`false` or absent = none). */
  instances(value: unknown): { name: string; config: C }[];
  create(config: C, host: ToolsetHost, name: string): ToolsetTool[] | Promise<ToolsetTool[]>;
}

/** The instances of a kind written once under its own key (`filesystem: {...}`). */
export function singleInstance<C>(kind: string): (value: unknown) => { name: string; config: C }[] {
  return (value) => (value === undefined || value === false ? [] : [{ name: kind, config: value as C }]);
}
