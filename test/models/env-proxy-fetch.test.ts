/** The CLI's fetch and the proxy variables: which requests a proxy carries, and how a proxy that fails is named. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEnvProxyFetch } from '../../src/models/env-proxy-fetch.ts';
import { ProxyError } from '../../src/models/proxy-error.ts';
import { catchRejection } from '../helpers/catch-error.ts';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy.ts';

let target: Server;
let targetUrl: string;
/** `127.0.0.1:PORT` of the target, as a CONNECT names it. */
let targetHost: string;

beforeAll(async () => {
  target = createServer((_request, response) => response.end('answered'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetHost = `127.0.0.1:${(target.address() as AddressInfo).port}`;
  targetUrl = `http://${targetHost}/v1`;
});

afterAll(async () => {
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
});

const proxies: ConnectProxy[] = [];
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
});

async function proxy(options: Parameters<typeof startConnectProxy>[0] = {}): Promise<ConnectProxy> {
  const started = await startConnectProxy({ routes: { [targetHost]: Number(targetHost.split(':')[1]) }, ...options });
  proxies.push(started);
  return started;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The ProxyError a failed request carries as the cause of fetch's TypeError. */
async function proxyFailure(request: Promise<Response>): Promise<ProxyError> {
  const error = await catchRejection(request);
  expect(error).toBeInstanceOf(TypeError);
  expect((error as Error).message).toBe('fetch failed');
  const cause = (error as Error).cause;
  expect(cause).toBeInstanceOf(ProxyError);
  return cause as ProxyError;
}

describe('createEnvProxyFetch', () => {
  it('sends a request through HTTP_PROXY, as a tunnel', async () => {
    const { url, connects } = await proxy();
    const response = await createEnvProxyFetch({ HTTP_PROXY: url })!(targetUrl);
    expect(await response.text()).toBe('answered');
    expect(connects).toEqual([targetHost]);
  });

  it('reads the lowercase variables first, as curl does', async () => {
    const { url, connects } = await proxy();
    await (await createEnvProxyFetch({ http_proxy: url, HTTP_PROXY: 'http://127.0.0.1:9' })!(targetUrl)).text();
    expect(connects).toEqual([targetHost]);
  });

  it('goes directly to a host NO_PROXY names', async () => {
    const { url, connects } = await proxy();
    expect(await (await createEnvProxyFetch({ HTTP_PROXY: url, NO_PROXY: 'example.com, 127.0.0.1' })!(targetUrl)).text()).toBe('answered');
    expect(await (await createEnvProxyFetch({ HTTP_PROXY: url, no_proxy: '*' })!(targetUrl)).text()).toBe('answered');
    expect(connects).toEqual([]);
  });

  it('is none when no proxy variable is set (an empty one counts as unset): the global fetch serves', () => {
    expect(createEnvProxyFetch({})).toBeUndefined();
    expect(createEnvProxyFetch({ NO_PROXY: 'example.com', https_proxy: '', HTTPS_PROXY: 'http://127.0.0.1:9', http_proxy: '' })).toBeUndefined();
  });

  it('names a proxy nothing listens on, with its variable and without its credentials', async () => {
    const port = await closedPort();
    const failure = await proxyFailure(createEnvProxyFetch({ HTTP_PROXY: `http://ada:s3cret@127.0.0.1:${port}` })!(targetUrl));
    expect(failure.message).toBe(`through the proxy http://127.0.0.1:${port} (HTTP_PROXY): ECONNREFUSED`);
    expect(failure.code).toBe('ECONNREFUSED');
  });

  it('names a proxy that refuses the tunnel, and says what a 407 wants; an https: request uses HTTP_PROXY when no HTTPS_PROXY is set', async () => {
    const forbidding = await proxy({ refuseWith: 403 });
    const refused = await proxyFailure(createEnvProxyFetch({ HTTP_PROXY: forbidding.url })!('https://provider.invalid/v1'));
    expect(refused.message).toBe(`through the proxy ${forbidding.url} (HTTP_PROXY): it answered 403 to CONNECT`);
    expect(refused.code).toBe('PROXY_REFUSED');
    expect(forbidding.connects).toEqual(['provider.invalid:443']);

    const asking = await proxy({ refuseWith: 407 });
    const unauthorized = await proxyFailure(createEnvProxyFetch({ HTTPS_PROXY: asking.url })!('https://provider.invalid/v1'));
    expect(unauthorized.message).toBe(`through the proxy ${asking.url} (HTTPS_PROXY): it answered 407 to CONNECT: it wants USER:PASSWORD@ in its URL`);
  });

  it('does not blame the proxy for a host NO_PROXY sends directly', async () => {
    const { url } = await proxy();
    const port = await closedPort();
    const error = await catchRejection(createEnvProxyFetch({ HTTP_PROXY: url, NO_PROXY: '127.0.0.1' })!(`http://127.0.0.1:${port}/v1`));
    expect((error as Error).cause).not.toBeInstanceOf(ProxyError);
    expect(((error as Error).cause as { code?: string }).code).toBe('ECONNREFUSED');
  });

  it('refuses a proxy variable that is not a proxy URL, naming the variable but not its value', async () => {
    for (const value of ['proxy.example.com:3128', 'http://', 'socks5://127.0.0.1:1080', 'not a url at all']) {
      const error = await catchRejection(createEnvProxyFetch({ HTTPS_PROXY: value })!(targetUrl));
      expect((error as Error).message).toBe(
        'HTTPS_PROXY is not a proxy URL: expected http://HOST:PORT or https://HOST:PORT, e.g. http://proxy.example.com:3128',
      );
    }
  });
});
