/**
 * A TLS front for tests, on 127.0.0.1: it ends TLS with a certificate of `test/fixtures/tls/` and
 * passes the bytes inside to a local plain-HTTP server (a scripted provider), so a client speaks
 * https: to that server under the certificate's name.
 */
import fs from 'node:fs';
import { type AddressInfo, connect, type Socket } from 'node:net';
import path from 'node:path';
import { createServer } from 'node:tls';
import { fileURLToPath } from 'node:url';

/** `test/fixtures/tls/`. */
export const TLS_FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/tls');
/** The test CA that signed `provider-invalid-cert.pem` (its key was thrown away). */
export const TEST_CA = path.join(TLS_FIXTURES, 'test-ca-cert.pem');

export interface TlsFront {
  port: number;
  close(): Promise<void>;
}

/** Serves TLS as `provider.invalid` (the test CA's certificate) in front of `targetPort`. */
export async function startTlsFront(targetPort: number): Promise<TlsFront> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = createServer(
    { key: fs.readFileSync(path.join(TLS_FIXTURES, 'provider-invalid-key.pem')), cert: fs.readFileSync(path.join(TLS_FIXTURES, 'provider-invalid-cert.pem')) },
    (secure) => {
      const upstream = connect(targetPort, '127.0.0.1');
      track(upstream);
      secure.pipe(upstream).pipe(secure);
      upstream.on('error', () => secure.destroy());
      secure.on('error', () => upstream.destroy());
    },
  );
  server.on('connection', track);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
