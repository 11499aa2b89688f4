/**
 * One connection to an MCP server (docs/mcp.md): start it (a stdio command in its own process group, or a
 * Streamable HTTP session), initialize, list its tools — all within the start timeout — then call tools
 * until it is closed. A server that fails to start names itself and shows its stderr tail.
 */
import { posix } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { AbortedError, RunError } from '../errors.ts';
import type { McpServerConfig } from '../worker-file/schema.ts';
import { interpolateEnv } from './interpolate.ts';
import { ProcessGroupStdioTransport } from './stdio-transport.ts';

/** How long starting, initializing and listing tools may take unless a server sets `timeout_ms`. */
export const DEFAULT_MCP_START_TIMEOUT_MS = 30_000;
/** How long one tool call may take. */
export const MCP_CALL_TIMEOUT_MS = 10 * 60_000;

export interface McpConnectOptions {
  /** Host directory relative `cwd`s resolve from (the project root). */
  projectRoot: string;
  /** The environment `${VAR}` references are read from. */
  env: Readonly<Record<string, string | undefined>>;
  /** Where the server's config came from, for errors (`project.yaml`). */
  source: string;
  signal?: AbortSignal;
}

/** A started, initialized server and the tools it offers. */
export interface McpConnection {
  readonly name: string;
  readonly tools: readonly Tool[];
  /** Set once the server went away on its own (it exited, or its session broke). */
  readonly gone: string | undefined;
  callTool(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function connectMcpServer(name: string, config: McpServerConfig, options: McpConnectOptions): Promise<McpConnection> {
  const stdio = config.command !== undefined ? stdioTransport(name, config, options) : undefined;
  const transport = stdio ?? httpTransport(name, config, options);
  const client = new Client({ name: 'llm-do', version: '1' }, { capabilities: {} });
  let gone: string | undefined;
  let closing = false;
  client.onclose = () => {
    if (!closing) gone ??= `the MCP server ${name} stopped${stderrClause(stdio?.stderrTail())}`;
  };
  client.onerror = () => {};
  const timeoutMs = config.timeout_ms ?? DEFAULT_MCP_START_TIMEOUT_MS;
  const startSignal = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])]);
  let tools: Tool[];
  try {
    await client.connect(transport, { signal: startSignal, timeout: timeoutMs });
    tools = await listAllTools(client, startSignal, timeoutMs);
  } catch (error) {
    closing = true;
    await client.close().catch(() => {});
    if (options.signal?.aborted) throw new AbortedError();
    // The SDK's own request timer and our signal end at the same moment: either one is the start timeout.
    const timedOut = startSignal.aborted || (error instanceof McpError && error.code === ErrorCode.RequestTimeout);
    const reason = timedOut ? `did not start within ${timeoutMs} ms (timeout_ms in mcp_servers.${name})` : `failed to start: ${messageOf(error)}`;
    throw new RunError('mcp-server-failed', name, `MCP server ${name} (${options.source}) ${reason}${stderrClause(stdio?.stderrTail())}`, { cause: error });
  }
  return {
    name,
    tools,
    get gone() {
      return gone;
    },
    callTool: async (tool, args, signal) => {
      if (gone) throw new Error(gone);
      try {
        return (await client.callTool({ name: tool, arguments: args }, undefined, { signal, timeout: MCP_CALL_TIMEOUT_MS })) as CallToolResult;
      } catch (error) {
        throw new Error(gone ?? `the MCP server ${name} failed: ${messageOf(error)}`, { cause: error });
      }
    },
    close: async () => {
      closing = true;
      if (!stdio) await (transport as StreamableHTTPClientTransport).terminateSession().catch(() => {});
      await client.close().catch(() => {});
    },
  };
}

async function listAllTools(client: Client, signal: AbortSignal, timeout: number): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor }, { signal, timeout });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

function stdioTransport(name: string, config: McpServerConfig, options: McpConnectOptions): ProcessGroupStdioTransport {
  const field = (key: string) => `mcp_servers.${name}.${key}`;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(config.env ?? {})) env[key] = interpolateEnv(value, options.env, field(`env.${key}`), options.source);
  return new ProcessGroupStdioTransport({
    command: config.command!,
    args: config.args ?? [],
    env,
    cwd: posix.resolve(options.projectRoot, config.cwd ?? '.'),
  });
}

function httpTransport(name: string, config: McpServerConfig, options: McpConnectOptions): StreamableHTTPClientTransport {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(config.headers ?? {}))
    headers[key] = interpolateEnv(value, options.env, `mcp_servers.${name}.headers.${key}`, options.source);
  return new StreamableHTTPClientTransport(new URL(config.url!), { requestInit: { headers } });
}

function stderrClause(tail: string | undefined): string {
  return tail ? `; its stderr ends:\n${tail}` : '';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
