/**
 * Model requests over https: through the built CLI, whose fetch is the global one (Node's undici)
 * when no proxy is set (behind one: `test/e2e/proxy.test.ts`). A TLS front with a self-signed certificate for 127.0.0.1
 * (`test/fixtures/tls/`) passes requests to a scripted server: trusted through NODE_EXTRA_CA_CERTS,
 * both protocols stream their answer; untrusted, the run fails naming the certificate problem.
 */
import fs from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, runCli } from './helpers/run-cli.ts';
import { closeServers, FIXTURE, PROTOCOLS, scripted } from './helpers/scripted.ts';

const TLS = path.join(REPO_ROOT, 'test/fixtures/tls');
const CERT = path.join(TLS, 'localhost-cert.pem');

let front: Server;
let target: URL;
/** TCP connections the TLS front accepted. */
let connections = 0;

beforeAll(async () => {
  front = createServer({ key: fs.readFileSync(path.join(TLS, 'localhost-key.pem')), cert: fs.readFileSync(CERT) }, (request, response) => {
    const forwarded = httpRequest(new URL(request.url!, target), { method: request.method, headers: { ...request.headers, host: target.host } }, (answer) => {
      response.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(response);
    });
    request.pipe(forwarded);
  });
  front.on('connection', () => connections++);
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await closeServers();
  front.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
});

/** A scripted server answering `text`, with every provider's base URL moved to the TLS front. */
async function overHttps(text: string) {
  const { server, env } = await scripted(() => ({ text }));
  target = new URL(server.url);
  const frontUrl = `https://127.0.0.1:${(front.address() as AddressInfo).port}`;
  return { server, env: { ...env, OPENAI_COMPATIBLE_BASE_URL: `${frontUrl}/v1`, ANTHROPIC_BASE_URL: `${frontUrl}/v1` } };
}

describe('model requests over https', () => {
  for (const protocol of PROTOCOLS) {
    test(`${protocol.name}: a certificate the process trusts is used, and the answer streams`, async () => {
      const { server, env } = await overHttps('over tls');
      const result = await runCli([FIXTURE, 'hi', '--entry', 'slow', '--model', protocol.model], { env: { ...env, NODE_EXTRA_CA_CERTS: CERT } });

      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe('over tls\n');
      expect(server.requests).toHaveLength(1);
    });
  }

  test('a certificate nobody vouches for is refused at once, before anything is sent, naming the problem', async () => {
    const { server, env } = await overHttps('never');
    connections = 0;
    const result = await runCli([FIXTURE, 'hi', '--entry', 'slow', '--model', PROTOCOLS[0]!.model], { env });

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/cannot connect to https:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: DEPTH_ZERO_SELF_SIGNED_CERT/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(server.requests).toHaveLength(0);
    // Not retried: a certificate does not verify a second later.
    expect(connections).toBe(1);
  });
});
