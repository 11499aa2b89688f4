/**
 * `mcp:NAME` (docs/mcp.md): the tools of an MCP server configured under `mcp_servers`, offered to the model
 * as `NAME__tool`. The server is untrusted: its tool names are sanitised and must stay distinct, its
 * annotations are shown to whoever approves but never lower a rule (every MCP tool defaults to `ask`),
 * and a result larger than the tool output cap is an error result.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { ProjectError, ToolError } from '../errors.ts';
import { compileFieldGlob } from '../glob/index.ts';
import type { McpConnection } from '../mcp-client/connection.ts';
import { modelToolName } from './tool-name.ts';
import { MAX_READ_CHARS } from '../sandbox/limits.ts';
import type { JsonSchemaObject } from '../worker-file/json-schema.ts';
import type { McpToolsetConfig } from '../worker-file/schema.ts';
import type { ToolsetKind } from './toolset-kind.ts';
import type { ToolsetTool } from './types.ts';

/** The largest MCP tool result handed to the model, in characters of its JSON (the `read_file` cap). */
export const MCP_RESULT_MAX_CHARS = MAX_READ_CHARS;

export const mcpToolset: ToolsetKind<McpToolsetConfig> = {
  kind: 'mcp',
  written: 'mcp:NAME',
  summary: 'the tools of the MCP server NAME of mcp_servers, as NAME__tool (every tool asks unless a rule says otherwise)',
  needsSandbox: false,
  instances: (value) =>
    Object.entries((value ?? {}) as Record<string, McpToolsetConfig | false>).flatMap(([server, config]) =>
      config === false ? [] : [{ name: `mcp:${server}`, config }],
    ),
  create: async (config, host, name) => mcpTools(config, await host.mcpServer(serverOf(name))),
};

/** `github` of the toolset `mcp:github`. */
export function serverOf(toolset: string): string {
  return toolset.slice('mcp:'.length);
}

/** The name the model sees for the server's tool: `NAME__tool`, sanitised like worker tool names, at most 64 characters. */
export function mcpToolName(server: string, tool: string): string {
  return modelToolName(`${server}__${tool}`);
}

/** The server's tools that `tools:` selects (absent = all), in the server's order. */
export function selectMcpTools(server: string, offered: readonly Tool[], patterns: readonly string[] | undefined): Tool[] {
  if (!patterns) return [...offered];
  const field = `toolsets.mcp:${server}.tools`;
  const matchers = patterns.map((pattern) => compileFieldGlob(pattern, { segmented: false }, { field }));
  return offered.filter((tool) => matchers.some((matcher) => matcher.matches(tool.name)));
}

/** The selected tools of a running server as toolset tools; two mapping to one name is an error naming both. */
export function mcpTools(config: McpToolsetConfig, connection: McpConnection): ToolsetTool[] {
  const server = connection.name;
  const byName = new Map<string, string>();
  return selectMcpTools(server, connection.tools, config.tools).map((tool): ToolsetTool => {
    const name = mcpToolName(server, tool.name);
    const clash = byName.get(name);
    if (clash !== undefined) {
      throw new ProjectError(
        'duplicate-tool-name',
        `the MCP server ${server} offers the tools ${JSON.stringify(clash)} and ${JSON.stringify(tool.name)}, which both become ${name}; select one with toolsets.mcp:${server}.tools`,
      );
    }
    byName.set(name, tool.name);
    const note = annotationNote(tool);
    return {
      toolset: `mcp:${server}`,
      name,
      sourceName: tool.name,
      description: tool.description ?? `The tool ${tool.name} of the MCP server ${server}.`,
      inputSchema: tool.inputSchema as JsonSchemaObject,
      defaultRule: 'ask',
      ...(note ? { approvalNote: note } : {}),
      execute: async (args: Record<string, unknown>, context) => {
        if (connection.gone) throw new ToolError('mcp-server-gone', name, connection.gone);
        return resultOf(name, await connection.callTool(tool.name, args, context.signal));
      },
    };
  });
}

/** What the server claims about a tool (`readOnlyHint` …), for the approval prompt only. */
function annotationNote(tool: Tool): string | undefined {
  const hints = Object.entries(tool.annotations ?? {})
    .filter(([key, value]) => key.endsWith('Hint') && value === true)
    .map(([key]) => key);
  return hints.length > 0 ? `[server says, unverified: ${hints.join(', ')}]` : undefined;
}

/** The model's view of a result: structured content, else the content blocks; `isError` becomes an error result. */
function resultOf(name: string, result: CallToolResult): unknown {
  const output = result.structuredContent ?? (result.content.length === 1 && result.content[0]!.type === 'text' ? result.content[0]!.text : result.content);
  const size = typeof output === 'string' ? output.length : JSON.stringify(output).length;
  if (size > MCP_RESULT_MAX_CHARS)
    throw new ToolError('result-too-large', name, `the result has ${size} characters, more than the ${MCP_RESULT_MAX_CHARS} a tool result may have`);
  if (result.isError) throw new Error(typeof output === 'string' ? output : JSON.stringify(output));
  return output;
}
