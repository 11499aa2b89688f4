/**
 * Redirects of model requests, with two local servers (two origins), over both fetches llm-do uses:
 * the global one (the library's default, and the CLI's) and the CLI's behind a proxy (undici's,
 * `createEnvProxyFetch`; here `NO_PROXY` sends these requests directly).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEnvProxyFetch } from '../../src/models/env-proxy-fetch.ts';
import { followSameOriginRedirects, RedirectRefusedError } from '../../src/models/same-origin-redirects.ts';
import { catchRejection } from '../helpers/catch-error.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A server that records what it receives and answers with `route(url)`. */
async function recordingServer(route: (url: string, response: ServerResponse) => void): Promise<{ server: Server; origin: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      route(request.url!, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

let home: Awaited<ReturnType<typeof recordingServer>>;
let elsewhere: Awaited<ReturnType<typeof recordingServer>>;

beforeAll(async () => {
  elsewhere = await recordingServer((_url, response) => response.end('elsewhere'));
  home = await recordingServer((url, response) => {
    const [path, query] = url.split('?');
    const to = new URLSearchParams(query).get('to');
    if (path === '/ok') return void response.end('arrived');
    if (path === '/loop') return void response.writeHead(307, { location: '/loop' }).end();
    const status = Number(path!.slice(1));
    response.writeHead(status, { location: to === 'elsewhere' ? `${elsewhere.origin}/stolen` : '/ok' }).end();
  });
});

afterAll(async () => {
  for (const { server } of [home, elsewhere]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

beforeEach(() => {
  home.seen.length = 0;
  elsewhere.seen.length = 0;
});

const KEYED = {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-api-key': 'sk-ant-key', 'x-goog-api-key': 'g-key', authorization: 'Bearer k' },
  body: '{"a":1}',
};

describe.each([
  ['the global fetch', globalThis.fetch],
  ["the CLI's fetch behind a proxy (undici's)", createEnvProxyFetch({ HTTP_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1' })!],
])('followSameOriginRedirects over %s', (_name, base) => {
  const fetch = followSameOriginRedirects(base);

  it.each([307, 308])('follows a %i within the origin with the same method, headers and body', async (status) => {
    const response = await fetch(`${home.origin}/${status}`, KEYED);
    expect(await response.text()).toBe('arrived');
    const arrived = home.seen.at(-1)!;
    expect(arrived).toMatchObject({ method: 'POST', url: '/ok', body: '{"a":1}' });
    expect(arrived.headers['x-api-key']).toBe('sk-ant-key');
  });

  it.each([301, 302, 303])('turns a POST answered %i into a GET without body, as fetch does', async (status) => {
    await (await fetch(`${home.origin}/${status}`, KEYED)).text();
    const arrived = home.seen.at(-1)!;
    expect(arrived).toMatchObject({ method: 'GET', url: '/ok', body: '' });
    expect(arrived.headers['content-type']).toBeUndefined();
  });

  it.each([301, 302, 303, 307, 308])('refuses a %i to another origin, which then receives nothing: no key header crosses', async (status) => {
    const error = await catchRejection(fetch(`${home.origin}/${status}?to=elsewhere`, KEYED));
    expect(error).toBeInstanceOf(RedirectRefusedError);
    expect((error as Error).message).toBe(
      `${home.origin}/${status}?to=elsewhere redirects to ${elsewhere.origin}/stolen, which is not followed: it is another origin, and the request carries an API key (point the base URL at the address that answers)`,
    );
    expect(elsewhere.seen).toEqual([]);
  });

  it('stops after 20 redirects', async () => {
    const error = await catchRejection(fetch(`${home.origin}/loop`));
    expect((error as Error).message).toMatch(/which is not followed: it is redirect number 21$/);
    expect(home.seen).toHaveLength(21);
  });

  it("leaves a caller's own redirect mode to fetch", async () => {
    const response = await fetch(`${home.origin}/307?to=elsewhere`, { redirect: 'manual' });
    expect(response.status).toBe(307);
    expect(elsewhere.seen).toEqual([]);
  });
});
