/**
 * Hosts the batch service on an HTTP/2 endpoint for Restate to call (`llm-do restate serve`), and
 * registers it with a Restate server's admin API.
 */
import { once } from 'node:events';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import * as restate from '@restatedev/restate-sdk';
import { createBatchService, type BatchServiceOptions } from './service.ts';

export interface ServedEndpoint {
  /** `http://HOST:PORT` the endpoint listens at. */
  url: string;
  close(): Promise<void>;
}

/** Listens on `host:port` (0: any free port); the SDK's warnings and errors go to `log`. */
export async function serveBatchEndpoint(
  options: BatchServiceOptions & { host: string; port: number; log: (line: string) => void; identityKeys?: readonly string[] },
): Promise<ServedEndpoint> {
  const bound = restate.endpoint().bind(createBatchService(options));
  // With the Restate server's public keys, requests not signed by it are refused.
  const endpoint = (options.identityKeys?.length ? bound.withIdentityV1(...options.identityKeys) : bound).setLogger((params, message, ...rest) => {
    if (params.level === 'error' || params.level === 'warn') options.log(`restate: ${[message, ...rest].map(String).join(' ')}`);
  });
  const server = http2.createServer(endpoint.http2Handler());
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  server.listen(options.port, options.host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Restate keeps HTTP/2 sessions open; closing the server alone would wait for them.
        for (const session of sessions) session.destroy();
      }),
  };
}

/**
 * Registers the endpoint at `uri` with the Restate server whose admin API is `admin` (`force`: a
 * restarted endpoint replaces the deployment it had). Throws a message naming the admin URL.
 */
export async function registerDeployment(admin: string, uri: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${admin.replace(/\/+$/, '')}/deployments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uri, force: true }),
    });
  } catch (error) {
    throw new Error(`the Restate admin API at ${admin} cannot be reached (${(error as Error).message}); start the Restate server, or fix --register`);
  }
  if (!response.ok)
    throw new Error(`the Restate admin API at ${admin} refused to register ${uri}: ${response.status} ${(await response.text()).slice(0, 300)}`);
}
