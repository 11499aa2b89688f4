/**
 * Starts the MCP servers a project's workers use and puts what they offer next to what the workers
 * select (`llm-do mcp list`, `llm-do check --connect`): every tool with its model-visible name and,
 * per worker, the rule it would run under; `tools:` globs that match nothing; servers that fail.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { explainApprovalRule } from '../approval/rules.ts';
import { ProjectError } from '../errors.ts';
import type { Diagnostic } from '../project/diagnostics.ts';
import type { Project, WorkerDefinition } from '../project/types.ts';
import { mcpToolName, mcpTools, selectMcpTools, serverOf } from '../tools/mcp.ts';
import { approvalForTool, enabledToolsets } from '../tools/registry.ts';
import type { ApprovalRule, McpToolsetConfig } from '../worker-file/schema.ts';
import type { McpConnection } from '../mcp-client/connection.ts';
import { configuredMcpServers } from '../mcp-client/servers.ts';
import { createMcpSessions } from '../mcp-client/sessions.ts';

export interface McpToolListing {
  /** The server's own name of the tool. */
  name: string;
  /** The name the model sees (`NAME__tool`). */
  tool: string;
  description: string | null;
  /** What the server says of the tool (`readOnlyHint` …): shown, never trusted. */
  annotations: Record<string, unknown>;
  /** The rule each worker offering the tool runs it under; a worker whose `tools:` leaves it out is absent. */
  rules: Record<string, ApprovalRule>;
}

export interface McpServerListing {
  name: string;
  /** `stdio` or `http`. */
  transport: 'stdio' | 'http';
  /** Where it is configured: the manifest or `$LLM_DO_HOME/config.yaml`. */
  source: string;
  /** Workers enabling `mcp:NAME`. */
  workers: string[];
  /** Null when the server could not be started (see `error`). */
  tools: McpToolListing[] | null;
  error?: string;
}

export interface McpInspection {
  servers: McpServerListing[];
  /** Failed servers, tool names that clash, `tools:` globs matching nothing (warnings). */
  diagnostics: Diagnostic[];
}

/** A worker and its `mcp:NAME` toolsets. */
interface McpUser {
  definition: WorkerDefinition;
  toolsets: Map<string, McpToolsetConfig>;
}

/**
 * Starts every configured server (`onlyUsed`: just the ones some worker uses), lists its tools against
 * `workers`, and stops them all again.
 */
export async function inspectMcpServers(
  project: Project,
  workers: readonly WorkerDefinition[],
  options: { env: Record<string, string | undefined>; onlyUsed: boolean },
): Promise<McpInspection> {
  const configured = configuredMcpServers(project.manifest, project.manifestFile, project.options.userConfig);
  const users: McpUser[] = workers.map((definition) => ({
    definition,
    toolsets: new Map(
      enabledToolsets(definition.config.toolsets)
        .filter((toolset) => toolset.kind.kind === 'mcp')
        .map((toolset) => [serverOf(toolset.name), toolset.config as McpToolsetConfig]),
    ),
  }));
  const names = [...configured.keys()].filter((name) => !options.onlyUsed || users.some((user) => user.toolsets.has(name)));
  const sessions = createMcpSessions(configured, { projectRoot: project.root, env: options.env });
  const diagnostics: Diagnostic[] = [];
  try {
    const servers = await Promise.all(
      names.map(async (name): Promise<McpServerListing> => {
        const entry = configured.get(name)!;
        const using = users.filter((user) => user.toolsets.has(name));
        const base = {
          name,
          transport: entry.config.command !== undefined ? ('stdio' as const) : ('http' as const),
          source: entry.source,
          workers: using.map((user) => user.definition.id),
        };
        let connection: McpConnection;
        try {
          connection = await sessions.connect(name);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          diagnostics.push({ severity: 'error', file: entry.source, message });
          return { ...base, tools: null, error: message };
        }
        return { ...base, tools: listTools(project, connection, using, diagnostics) };
      }),
    );
    return { servers, diagnostics };
  } finally {
    await sessions.closeAll();
  }
}

function listTools(project: Project, connection: McpConnection, users: readonly McpUser[], diagnostics: Diagnostic[]): McpToolListing[] {
  const server = connection.name;
  const rules = new Map<string, Record<string, ApprovalRule>>();
  for (const user of users) {
    const config = user.toolsets.get(server)!;
    const file = user.definition.displayPath;
    for (const pattern of config.tools ?? []) {
      if (selectMcpTools(server, connection.tools, [pattern]).length === 0) {
        diagnostics.push({
          severity: 'warning',
          file,
          message: `toolsets.mcp:${server}.tools: "${pattern}" matches none of the tools of the MCP server ${server}: ${connection.tools.map((tool) => tool.name).join(', ') || '(none)'}`,
        });
      }
    }
    try {
      for (const tool of mcpTools(config, connection)) {
        const rule = explainApprovalRule({
          toolName: tool.name,
          worker: approvalForTool(user.definition.ownToolsets, tool),
          manifest: approvalForTool(project.manifest?.toolsets, tool),
          toolDefault: 'ask',
        }).rule;
        rules.set(tool.sourceName!, { ...rules.get(tool.sourceName!), [user.definition.id]: rule });
      }
    } catch (error) {
      if (!ProjectError.isInstance(error)) throw error;
      diagnostics.push({ severity: 'error', file, message: error.detail });
    }
  }
  return connection.tools.map((tool: Tool) => ({
    name: tool.name,
    tool: mcpToolName(server, tool.name),
    description: tool.description ?? null,
    annotations: { ...tool.annotations },
    rules: rules.get(tool.name) ?? {},
  }));
}
