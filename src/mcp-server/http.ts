/**
 * `mcp serve --http PORT`: Streamable HTTP on 127.0.0.1 only, one MCP session per client
 * (so a client's `notifications/cancelled` reaches the call it cancels). Requests must name this
 * server as their Host and, when a browser sends them, come from its own origin: a web page the user
 * visits cannot drive the workers, neither directly nor by DNS rebinding.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { listenOnLoopback, LOOPBACK } from '../loopback.ts';
import type { WorkerTools } from './serve.ts';

/** The path of the MCP endpoint. */
export const ENDPOINT_PATH = '/mcp';

export interface HttpServeOptions {
  /** 0 picks a free port. */
  port: number;
  /** Stops the server: sessions closed, connections dropped. */
  signal: AbortSignal;
  /** Told the endpoint's URL once it listens. */
  onListening: (url: string) => void;
}

/** Serves the worker tools over HTTP until `signal` aborts. Throws a UsageError when the port cannot be had. */
export async function serveHttp(tools: WorkerTools, options: HttpServeOptions): Promise<void> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let guard: Pick<ConstructorParameters<typeof StreamableHTTPServerTransport>[0] & object, 'allowedHosts' | 'allowedOrigins'> = {};

  const openSession = async (request: IncomingMessage, response: ServerResponse) => {
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => void sessions.set(id, transport),
      enableDnsRebindingProtection: true,
      ...guard,
    });
    transport.onclose = () => void (transport.sessionId && sessions.delete(transport.sessionId));
    const server = tools.createServer();
    await server.connect(transport);
    await transport.handleRequest(request, response);
    // Anything but an accepted initialize request opens no session.
    if (transport.sessionId === undefined) await server.close();
  };

  const http = createServer((request, response) => {
    const answer = async () => {
      if (new URL(request.url ?? '/', 'http://localhost').pathname !== ENDPOINT_PATH)
        return plainError(response, 404, `not found: the MCP endpoint is ${ENDPOINT_PATH}`);
      const sessionId = request.headers['mcp-session-id'];
      if (typeof sessionId === 'string') {
        const transport = sessions.get(sessionId);
        return transport ? transport.handleRequest(request, response) : plainError(response, 404, 'unknown or closed MCP session; initialize a new one');
      }
      if (request.method !== 'POST') return plainError(response, 400, 'no MCP session: start with an initialize request (POST)');
      return openSession(request, response);
    };
    answer().catch((error: unknown) => {
      if (!response.headersSent) plainError(response, 500, error instanceof Error ? error.message : String(error));
      else response.destroy();
    });
  });

  const port = await listenOnLoopback(http, options.port, '--http');
  guard = {
    allowedHosts: [`${LOOPBACK}:${port}`, `localhost:${port}`],
    allowedOrigins: [`http://${LOOPBACK}:${port}`, `http://localhost:${port}`],
  };
  options.onListening(`http://${LOOPBACK}:${port}${ENDPOINT_PATH}`);

  await new Promise<void>((resolve) => {
    if (options.signal.aborted) resolve();
    options.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await Promise.allSettled([...sessions.values()].map((transport) => transport.close()));
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
}

function plainError(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
