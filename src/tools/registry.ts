/**
 * The toolset registry (docs/tools.md, docs/mcp.md): every toolset kind a worker can enable under `toolsets:`.
 * Run, check, `mcp list` and the docs read this one table; adding a kind is one file in `src/tools/`
 * exporting a `ToolsetKind`, its line here and its config schema under `ToolsetsSchema`.
 */
import { compileFieldGlob } from '../glob/index.ts';
import type { ApprovalRule, ToolsetApproval, ToolsetsConfig } from '../worker-file/schema.ts';
import { customToolset } from './custom.ts';
import { filesystemToolset } from './filesystem.ts';
import { mcpToolset } from './mcp.ts';
import { shellToolset } from './shell/toolset.ts';
import type { ToolsetKind } from './toolset-kind.ts';
import type { ToolsetTool } from './types.ts';
import { workerFactoryToolset } from './worker-factory.ts';
import { workersToolset } from './workers.ts';

export type { ToolsetHost, ToolsetKind } from './toolset-kind.ts';

/** Every toolset kind, in the order their tools are offered to the model. */
export const TOOLSET_KINDS: readonly ToolsetKind[] = [filesystemToolset, shellToolset, customToolset, workersToolset, workerFactoryToolset, mcpToolset];

/** One enabled toolset of a worker: `filesystem`, `mcp:github`, … */
export interface EnabledToolset {
  name: string;
  kind: ToolsetKind;
  config: unknown;
}

/** The toolsets `toolsets` enables, in registry order. */
export function enabledToolsets(toolsets: ToolsetsConfig | undefined): EnabledToolset[] {
  if (!toolsets) return [];
  return TOOLSET_KINDS.flatMap((kind) => kind.instances(toolsets[kind.kind]).map(({ name, config }) => ({ name, kind, config })));
}

/**
 * The `approval` of the toolset `tool` came from in `toolsets`, as it applies to that tool. A tool
 * with a `sourceName` (an MCP server's own name) is matched by glob keys of `approval.tools`, the
 * first matching key in file order winning; any other by its exact name.
 */
export function approvalForTool(toolsets: ToolsetsConfig | undefined, tool: Pick<ToolsetTool, 'toolset' | 'name' | 'sourceName'>): ToolsetApproval | undefined {
  const found = enabledToolsets(toolsets).find((toolset) => toolset.name === tool.toolset);
  const approval = (found?.config as { approval?: ToolsetApproval } | undefined)?.approval;
  if (!approval?.tools || tool.sourceName === undefined) return approval;
  const sourceName = tool.sourceName;
  const matched = Object.entries(approval.tools).find(([pattern]) =>
    compileFieldGlob(pattern, { segmented: false }, { field: `toolsets.${tool.toolset}.approval.tools` }).matches(sourceName),
  );
  const tools: Record<string, ApprovalRule> = matched ? { [tool.name]: matched[1] } : {};
  return { ...approval, tools };
}
