/**
 * Model requests behind a proxy, through the built CLI: `HTTPS_PROXY` names a local CONNECT proxy
 * (`test/helpers/connect-proxy.ts`) that maps `provider.invalid:443`, a host that does not resolve,
 * to a TLS front (`test/helpers/tls-front.ts`) whose certificate the test CA signed, before a
 * scripted server. The CA is trusted through NODE_EXTRA_CA_CERTS, as a TLS-inspecting proxy's is.
 * Also: NO_PROXY, a proxy that refuses or is not there, and a redirect to another origin, which no
 * key follows.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy.ts';
import { startTlsFront, TEST_CA, type TlsFront } from '../helpers/tls-front.ts';
import { freePort } from './helpers/restate.ts';
import { runCli } from './helpers/run-cli.ts';
import { ANTHROPIC, closeServers, FIXTURE, PROTOCOLS, scripted } from './helpers/scripted.ts';

const PROVIDER = 'https://provider.invalid/v1';

const started: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});
afterAll(closeServers);

/** A scripted server answering `text` behind a TLS front for provider.invalid, and a proxy that maps that host to it. */
async function behindProxy(text: string, proxyOptions: { refuseWith?: number } = {}) {
  const { server, env } = await scripted(() => ({ text }));
  const front: TlsFront = await startTlsFront(Number(new URL(server.url).port));
  const proxy: ConnectProxy = await startConnectProxy({ routes: { 'provider.invalid:443': front.port }, ...proxyOptions });
  started.push(front, proxy);
  const providerEnv = { ...env, ANTHROPIC_BASE_URL: PROVIDER, OPENAI_COMPATIBLE_BASE_URL: PROVIDER, HTTPS_PROXY: proxy.url };
  return { server, proxy, env: providerEnv };
}

const run = (model: string, env: Record<string, string | undefined>) => runCli([FIXTURE, 'hi', '--entry', 'slow', '--model', model], { env });

describe('model requests through HTTPS_PROXY', () => {
  for (const protocol of PROTOCOLS) {
    test(`${protocol.name}: a provider host only the proxy can reach answers, under a CA trusted through NODE_EXTRA_CA_CERTS`, async () => {
      const { server, proxy, env } = await behindProxy('through the proxy');
      const result = await run(protocol.model, { ...env, NODE_EXTRA_CA_CERTS: TEST_CA });

      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe('through the proxy\n');
      expect(proxy.connects).toEqual(['provider.invalid:443']);
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.headers.host).toBe('provider.invalid');
    });
  }

  test('the lowercase https_proxy wins over HTTPS_PROXY', async () => {
    const { proxy, env } = await behindProxy('lowercase');
    const result = await run(ANTHROPIC.model, { ...env, https_proxy: proxy.url, HTTPS_PROXY: 'http://127.0.0.1:9', NODE_EXTRA_CA_CERTS: TEST_CA });

    expect(result.code, result.stderr).toBe(0);
    expect(proxy.connects).toEqual(['provider.invalid:443']);
  });

  test("a proxy's certificate nobody vouches for (a TLS-inspecting proxy without its CA) is refused at once, naming the problem", async () => {
    const { server, proxy, env } = await behindProxy('never');
    const result = await run(ANTHROPIC.model, env);

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/cannot connect to https:\/\/provider\.invalid\/v1\/messages: UNABLE_TO_VERIFY_LEAF_SIGNATURE/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(server.requests).toHaveLength(0);
    // Not retried: a certificate does not verify a second later.
    expect(proxy.connects).toHaveLength(1);
  });

  test('a proxy that is not there fails at once naming it, without the credentials in its URL', async () => {
    const port = await freePort();
    const result = await run(ANTHROPIC.model, {
      ...(await scripted(() => ({ text: 'never' }))).env,
      ANTHROPIC_BASE_URL: PROVIDER,
      HTTPS_PROXY: `http://ada:s3cret@127.0.0.1:${port}`,
    });

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`cannot connect to ${PROVIDER}/messages through the proxy http://127.0.0.1:${port} (HTTPS_PROXY): ECONNREFUSED`);
    expect(result.stderr).not.toContain('s3cret');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  test('a proxy that refuses the tunnel fails at once naming it and its answer', async () => {
    const { server, proxy, env } = await behindProxy('never', { refuseWith: 403 });
    const result = await run(ANTHROPIC.model, { ...env, NODE_EXTRA_CA_CERTS: TEST_CA });

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`cannot connect to ${PROVIDER}/messages through the proxy ${proxy.url} (HTTPS_PROXY): it answered 403 to CONNECT`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(proxy.connects).toHaveLength(1);
    expect(server.requests).toHaveLength(0);
  });
});

describe('NO_PROXY', () => {
  test('a host NO_PROXY names is reached directly; without it, the proxy carries http: requests too', async () => {
    const { server, env } = await scripted(() => ({ text: 'direct' }));
    const port = Number(new URL(server.url).port);
    const proxy = await startConnectProxy({ routes: { [`127.0.0.1:${port}`]: port } });
    started.push(proxy);
    const proxyEnv = { ...env, HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url };

    const bypassed = await run(PROTOCOLS[0]!.model, { ...proxyEnv, NO_PROXY: 'localhost,127.0.0.1' });
    expect(bypassed.code, bypassed.stderr).toBe(0);
    expect(bypassed.stdout).toBe('direct\n');
    expect(proxy.connects).toEqual([]);

    const proxied = await run(PROTOCOLS[0]!.model, proxyEnv);
    expect(proxied.code, proxied.stderr).toBe(0);
    expect(proxy.connects).toEqual([`127.0.0.1:${port}`]);
  });
});

describe('redirects', () => {
  let elsewhere: Server;
  let elsewhereRequests: { url?: string; headers: Record<string, unknown> }[];
  let redirecting: Server;

  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    elsewhereRequests = [];
    elsewhere = createServer((request, response) => {
      elsewhereRequests.push({ url: request.url, headers: request.headers });
      response.writeHead(500).end();
    });
    const elsewhereUrl = await listen(elsewhere);
    redirecting = createServer((request, response) => {
      response.writeHead(307, { location: `${elsewhereUrl}${request.url}` }).end();
    });
    await listen(redirecting);
  });

  afterAll(async () => {
    for (const server of [elsewhere, redirecting]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('a redirect to another origin is not followed: the key stays, and the error names both addresses', async () => {
    const from = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/v1`;
    const to = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/v1`;
    const result = await run(ANTHROPIC.model, { ANTHROPIC_BASE_URL: from, ANTHROPIC_API_KEY: 'sk-ant-never-elsewhere' });

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${from}/messages redirects to ${to}/messages, which is not followed: it is another origin`);
    expect(result.stderr).not.toContain('sk-ant-never-elsewhere');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(elsewhereRequests).toEqual([]);
  });
});
