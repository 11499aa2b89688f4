import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeHttpFetch } from '../../src/models/node-http-fetch.ts';

type Handler = (request: IncomingMessage & { body: string }, response: ServerResponse) => void;

interface TestServer {
  url: string;
  /** Connections the server accepted. */
  connections: Socket[];
  close(): Promise<void>;
}

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(handler: Handler): Promise<TestServer> {
  const connections: Socket[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => handler(Object.assign(request, { body }), response));
  });
  server.on('connection', (socket) => connections.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const started: TestServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of connections) socket.destroy();
        server.close(() => resolve());
      }),
  };
  servers.push(started);
  return started;
}

const nodeFetch = createNodeHttpFetch();

describe('createNodeHttpFetch', () => {
  it('sends the method, headers and body, and answers with the status, headers and body', async () => {
    let seen: { method?: string; headers?: IncomingMessage['headers']; body?: string } = {};
    const server = await serve((request, response) => {
      seen = { method: request.method, headers: request.headers, body: request.body };
      response.writeHead(201, 'Made', [
        ['content-type', 'application/json'],
        ['x-trace', 'a'],
        ['x-trace', 'b'],
      ]);
      response.end('{"ok":true}');
    });
    const response = await nodeFetch(`${server.url}/v1/chat?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
      body: JSON.stringify({ hello: 'wörld' }),
    });
    expect(seen.method).toBe('POST');
    expect(seen.headers?.authorization).toBe('Bearer k');
    expect(seen.headers?.['content-type']).toBe('application/json');
    expect(seen.headers?.['content-length']).toBe(String(Buffer.byteLength('{"hello":"wörld"}')));
    expect(seen.headers?.['accept-encoding']).toBe('gzip, deflate, br');
    expect(seen.body).toBe('{"hello":"wörld"}');
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.statusText).toBe('Made');
    expect(response.headers.get('x-trace')).toBe('a, b');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('reads any body fetch takes (here URLSearchParams), with its content type', async () => {
    let seen: { type?: string; body?: string } = {};
    const server = await serve((request, response) => {
      seen = { type: request.headers['content-type'], body: request.body };
      response.end();
    });
    await nodeFetch(server.url, { method: 'POST', body: new URLSearchParams({ a: '1', b: 'two words' }) });
    expect(seen).toEqual({ type: 'application/x-www-form-urlencoded;charset=UTF-8', body: 'a=1&b=two+words' });
  });

  it('streams the body: the first part is read before the server has sent the rest', async () => {
    let sendRest!: () => void;
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: one\n\n');
      sendRest = () => response.end('data: two\n\n');
    });
    const response = await nodeFetch(server.url);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toBe('data: one\n\n');
    sendRest();
    let rest = '';
    for (let part = await reader.read(); !part.done; part = await reader.read()) rest += part.value;
    expect(rest).toBe('data: two\n\n');
  });

  it('reads a whole large body the server sent and closed the connection behind, however late it is read', async () => {
    const large = 'x'.repeat(2 * 1024 * 1024);
    let sent!: () => void;
    const allSent = new Promise<void>((resolve) => (sent = resolve));
    const server = await serve((_request, response) => {
      response.writeHead(200, { connection: 'close' });
      response.end(large, () => sent());
    });
    const response = await nodeFetch(server.url);
    // Read only once the server has handed the whole body over and closed its end.
    await allSent;
    expect(await response.text()).toBe(large);
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)('decodes a %s answer', async (coding, encode) => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-encoding': coding });
      response.end(encode(Buffer.from('a compressed answer')));
    });
    expect(await (await nodeFetch(server.url)).text()).toBe('a compressed answer');
  });

  it('decodes codings applied in turn, and passes an unknown coding as it is', async () => {
    const server = await serve((request, response) => {
      if (request.url === '/twice') {
        response.writeHead(200, { 'content-encoding': 'gzip, br' });
        response.end(brotliCompressSync(gzipSync(Buffer.from('twice'))));
      } else {
        response.writeHead(200, { 'content-encoding': 'zstd-unknown' });
        response.end('raw bytes');
      }
    });
    expect(await (await nodeFetch(`${server.url}/twice`)).text()).toBe('twice');
    expect(await (await nodeFetch(`${server.url}/other`)).text()).toBe('raw bytes');
  });

  it('fails the body when a compressed answer is damaged', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip' });
      response.end('not gzip at all');
    });
    const response = await nodeFetch(server.url);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it('gives no body for 204 or HEAD', async () => {
    const server = await serve((request, response) => {
      response.writeHead(request.method === 'HEAD' ? 200 : 204, { 'content-length': '5' });
      response.end();
    });
    expect((await nodeFetch(server.url)).body).toBeNull();
    expect((await nodeFetch(server.url, { method: 'HEAD' })).body).toBeNull();
  });

  it('keeps the connection alive between requests', async () => {
    const server = await serve((_request, response) => response.end('ok'));
    for (let index = 0; index < 3; index++) expect(await (await nodeFetch(server.url)).text()).toBe('ok');
    expect(server.connections).toHaveLength(1);
  });

  it('rejects with the signal’s reason when aborted before the answer, and closes the connection', async () => {
    let received!: () => void;
    const requestReceived = new Promise<void>((resolve) => (received = resolve));
    const server = await serve(() => received());
    const controller = new AbortController();
    const reason = new Error('stop now');
    const pending = nodeFetch(server.url, { signal: controller.signal });
    await requestReceived;
    expect(server.connections).toHaveLength(1);
    const socket = server.connections[0]!;
    const closed = new Promise((resolve) => socket.once('close', resolve));
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await closed;
  });

  it('rejects at once, without connecting, for a signal aborted already', async () => {
    const server = await serve((_request, response) => response.end());
    const reason = new Error('aborted before');
    await expect(nodeFetch(server.url, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(server.connections).toHaveLength(0);
  });

  it('fails the body with the signal’s reason when aborted while it streams', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: one\n\n');
    });
    const controller = new AbortController();
    const response = await nodeFetch(server.url, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    const reason = new Error('user interrupt');
    controller.abort(reason);
    await expect(reader.read()).rejects.toBe(reason);
  });

  it('fails with TypeError("fetch failed") and the system error as cause when nothing listens', async () => {
    const server = await serve(() => undefined);
    const url = server.url;
    await server.close();
    servers.length = 0;
    const failure = await nodeFetch(url).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as Error).message).toBe('fetch failed');
    expect(((failure as Error).cause as { code?: string }).code).toBe('ECONNREFUSED');
  });

  it('fails the body with TypeError("terminated") when the connection drops in the middle', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-length': '100' });
      // The connection drops once the first part has gone out.
      response.write('only part', () => response.socket?.destroy());
    });
    const response = await nodeFetch(server.url);
    const failure = await response.text().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as Error).message).toBe('terminated');
  });

  it('fails a request whose server goes silent, as a connection error with a code', async () => {
    const server = await serve(() => undefined);
    const failure = await createNodeHttpFetch({ inactivityTimeoutMs: 50 })(server.url).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(((failure as Error).cause as { code?: string }).code).toBe('ETIMEDOUT');
  });

  it('fails a body that goes silent part way', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: one\n\n');
    });
    const response = await createNodeHttpFetch({ inactivityTimeoutMs: 50 })(server.url);
    const failure = await response.text().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(((failure as Error).cause as { code?: string }).code).toBe('ETIMEDOUT');
  });

  it('follows a redirect, sending the body again for 307, and returns it untouched with redirect: manual', async () => {
    const bodies: string[] = [];
    const server = await serve((request, response) => {
      bodies.push(`${request.method} ${request.url} ${request.body}`);
      if (request.url === '/old') {
        response.writeHead(307, { location: '/new' });
        response.end();
      } else response.end('moved here');
    });
    const followed = await nodeFetch(`${server.url}/old`, { method: 'POST', body: 'payload' });
    expect(await followed.text()).toBe('moved here');
    expect(bodies).toEqual(['POST /old payload', 'POST /new payload']);
    const manual = await nodeFetch(`${server.url}/old`, { method: 'POST', body: 'payload', redirect: 'manual' });
    expect(manual.status).toBe(307);
    expect(manual.headers.get('location')).toBe('/new');
  });

  it('follows a 303 as a GET without body, and to another origin sends none of the request’s keys', async () => {
    const seen: string[] = [];
    const other = await serve((request, response) => {
      const { authorization, 'x-api-key': apiKey, 'content-type': type, 'user-agent': agent } = request.headers;
      seen.push(`${request.method} ${request.url} body=${request.body} ${JSON.stringify({ authorization, apiKey, type, agent })}`);
      response.end('over there');
    });
    const server = await serve((request, response) => {
      seen.push(`${request.method} ${request.url} key=${request.headers['x-api-key']}`);
      if (request.url === '/submit') response.writeHead(303, { location: '/moved' });
      else response.writeHead(303, { location: `${other.url}/result` });
      response.end();
    });
    const headers = { authorization: 'Bearer secret', 'x-api-key': 'sk-secret', 'content-type': 'application/json', 'user-agent': 'ai-sdk/test' };
    const followed = await nodeFetch(`${server.url}/submit`, { method: 'POST', headers, body: '{}' });
    expect(await followed.text()).toBe('over there');
    expect(seen).toEqual(['POST /submit key=sk-secret', 'GET /moved key=sk-secret', 'GET /result body= {"agent":"ai-sdk/test"}']);
  });

  it('keeps the content type and body of a 307 to another origin, but not its keys', async () => {
    let seen = '';
    const other = await serve((request, response) => {
      seen = `${request.method} ${request.body} ${request.headers['content-type']} ${request.headers['x-api-key'] ?? 'no key'}`;
      response.end();
    });
    const server = await serve((_request, response) => {
      response.writeHead(307, { location: other.url });
      response.end();
    });
    await nodeFetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'sk-secret' }, body: '{"a":1}' });
    expect(seen).toBe('POST {"a":1} application/json no key');
  });

  it('stops after 20 redirects, and at a redirect to another protocol', async () => {
    let requests = 0;
    const server = await serve((request, response) => {
      requests++;
      response.writeHead(302, { location: request.url === '/data' ? 'data:text/plain,hi' : '/loop' });
      response.end();
    });
    const looped = await nodeFetch(`${server.url}/loop`).catch((error: unknown) => error);
    expect(looped).toBeInstanceOf(TypeError);
    expect(((looped as Error).cause as Error).message).toMatch(/redirect number 21/);
    expect(requests).toBe(21);
    const data = await nodeFetch(`${server.url}/data`).catch((error: unknown) => error);
    expect(((data as Error).cause as Error).message).toMatch(/leads to data:/);
  });

  it('refuses a redirect with redirect: error, as fetch does', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(302, { location: '/elsewhere' });
      response.end();
    });
    await expect(nodeFetch(server.url, { redirect: 'error' })).rejects.toThrow(TypeError);
  });

  it('leaves other protocols to fetch', async () => {
    expect(await (await nodeFetch('data:text/plain,from%20fetch')).text()).toBe('from fetch');
  });
});
