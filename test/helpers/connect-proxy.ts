/**
 * A forward proxy for tests, on 127.0.0.1: it answers CONNECT (the tunnel fetch asks a proxy for,
 * https: and http: alike) by connecting to the local port its table maps the requested `host:port`
 * to, so a provider host that does not resolve (`provider.invalid:443`) reaches a local server. A
 * target not in the table gets 502 and nothing is dialled: the proxy never reaches the network.
 * `refuseWith` makes it answer every CONNECT with that status instead (a proxy that refuses).
 */
import { createServer, STATUS_CODES } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

export interface ConnectProxyOptions {
  /** `host:port` a client asks for → the port on 127.0.0.1 that answers for it. */
  routes?: Record<string, number>;
  /** Answer every CONNECT with this status (e.g. 403, 407) instead of opening the tunnel. */
  refuseWith?: number;
}

export interface ConnectProxy {
  /** `http://127.0.0.1:PORT`, for HTTPS_PROXY / HTTP_PROXY. */
  url: string;
  /** The `host:port` of every CONNECT received, in order. */
  connects: string[];
  close(): Promise<void>;
}

export async function startConnectProxy({ routes = {}, refuseWith }: ConnectProxyOptions = {}): Promise<ConnectProxy> {
  const connects: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((_request, response) => {
    // Plain forwarding (`GET http://…`) is not what fetch asks for: only tunnels are served.
    response.writeHead(405).end();
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connect', (request, client: Socket, head: Buffer) => {
    const target = request.url ?? '';
    connects.push(target);
    const port = routes[target];
    const status = refuseWith ?? (port === undefined ? 502 : undefined);
    if (status !== undefined) {
      client.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Refused'}\r\nconnection: close\r\n\r\n`);
      return;
    }
    const upstream = connect(port!, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connects,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
