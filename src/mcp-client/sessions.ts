/**
 * The MCP servers of one run (docs/mcp.md): each started on first use (when the first worker needing it
 * is prepared), shared by every call of the run, all stopped when the run ends, pauses or is aborted.
 */
import { ProjectError } from '../errors.ts';
import { suggestNearest } from '../worker-file/suggest.ts';
import type { McpServerConfig } from '../worker-file/schema.ts';
import type { McpConnection, McpConnectOptions } from './connection.ts';

/** A configured server and the file it is configured in. */
export interface McpServerEntry {
  config: McpServerConfig;
  source: string;
}

export interface McpSessions {
  /** The running server `name`, started now if it is not yet (`signal` abandons the start). */
  connect(name: string, signal?: AbortSignal): Promise<McpConnection>;
  /** Stops every server started so far; a later `connect` starts it again. */
  closeAll(): Promise<void>;
}

export function createMcpSessions(servers: ReadonlyMap<string, McpServerEntry>, options: Omit<McpConnectOptions, 'source' | 'signal'>): McpSessions {
  const started = new Map<string, Promise<McpConnection>>();
  return {
    connect(name, signal) {
      let connection = started.get(name);
      if (!connection) {
        const entry = servers.get(name);
        if (!entry) throw unknownServer(name, [...servers.keys()]);
        // The MCP client is loaded on first use: runs without MCP servers never load it.
        connection = import('./connection.ts').then(({ connectMcpServer }) =>
          connectMcpServer(name, entry.config, { ...options, source: entry.source, ...(signal ? { signal } : {}) }),
        );
        // A failed start is not cached: the error is reported once per run anyway, as it ends the run.
        connection.catch(() => started.delete(name));
        started.set(name, connection);
      }
      return connection;
    },
    async closeAll() {
      const running = [...started.values()];
      started.clear();
      await Promise.all(running.map((connection) => connection.then((open) => open.close()).catch(() => {})));
    },
  };
}

/** The error for a toolset `mcp:NAME` whose server is not configured, with the nearest known name. */
export function unknownServer(name: string, known: readonly string[], location: { file?: string; field?: string } = {}): ProjectError {
  const nearest = suggestNearest(name, known);
  const list = known.length > 0 ? `configured servers: ${known.join(', ')}` : 'no mcp_servers are configured (in the manifest or $LLM_DO_HOME/config.yaml)';
  return new ProjectError('invalid-field', `unknown MCP server "${name}"${nearest ? ` (did you mean "${nearest}"?)` : ''}; ${list}`, location);
}
