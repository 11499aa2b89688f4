/**
 * `llm-do mcp serve` (docs/mcp-serve.md): a project's entry and exported workers as the tools of an MCP
 * server. Tools are listed and called through the SDK's request handlers rather than `registerTool`,
 * so the client sees each worker's own JSON Schema (`registerTool` wants zod and would convert
 * `schema_in` back and forth) and arguments are checked by llm-do's validator, whose messages name
 * the field. Each call is a full run (`call.ts`); calls run concurrently.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Project } from '../project/types.ts';
import { callServedTool, type ServeRunOptions } from './call.ts';
import type { ServedTool } from './tools.ts';

export { describeServedTools, servedWorkerIds, type ServedTool } from './tools.ts';
export { MAX_ARGUMENTS_BYTES, RUN_ID_META_KEY, type ServeRunOptions } from './call.ts';

/** What the servers of one `mcp serve` process share. */
export interface WorkerToolsOptions {
  project: Project;
  tools: readonly ServedTool[];
  runOptions: ServeRunOptions;
  /** The server's version, told to clients. */
  version: string;
  /** Aborted when the process stops: every call in flight is cancelled. */
  signal: AbortSignal;
}

/** The worker tools of one project, served by any number of MCP servers (one per HTTP session). */
export interface WorkerTools {
  /** A new MCP server offering the tools, to connect to a transport. */
  createServer(): McpServer;
  /** Settles once every call in flight has finished (its run recorded). */
  drain(): Promise<void>;
}

export function createWorkerTools(options: WorkerToolsOptions): WorkerTools {
  const byName = new Map(options.tools.map((tool) => [tool.name, tool]));
  const listed: Tool[] = options.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.input.jsonSchema as Tool['inputSchema'],
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema as NonNullable<Tool['outputSchema']> } : {}),
  }));
  const inFlight = new Set<Promise<unknown>>();

  return {
    createServer() {
      // The tools capability is registered here, not given to the constructor: given there, McpServer installs its own tool handlers.
      const server = new McpServer({ name: `llm-do: ${options.project.name}`, version: options.version });
      server.server.registerCapabilities({ tools: {} });
      server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
      server.server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
        const tool = byName.get(request.params.name);
        if (!tool) {
          throw new McpError(
            ErrorCode.InvalidParams,
            `unknown tool ${JSON.stringify(request.params.name)}; this server offers ${[...byName.keys()].join(', ')}`,
          );
        }
        const progressToken = request.params._meta?.progressToken;
        let progress = 0;
        const onProgress =
          progressToken === undefined
            ? undefined
            : (message: string) =>
                void extra
                  .sendNotification({ method: 'notifications/progress', params: { progressToken, progress: ++progress, message } })
                  .catch(() => undefined);
        const call = callServedTool(tool, request.params.arguments, {
          project: options.project,
          runOptions: options.runOptions,
          signal: AbortSignal.any([extra.signal, options.signal]),
          ...(onProgress ? { onProgress } : {}),
        });
        inFlight.add(call);
        void call.finally(() => inFlight.delete(call));
        return call;
      });
      return server;
    },
    async drain() {
      await Promise.allSettled([...inFlight]);
    },
  };
}
