/**
 * fetch over Node's own HTTP client, which the CLI gives every model request (`cli/run-setup.ts`).
 *
 * Node 20's fetch (undici) parses responses with a WebAssembly build of llhttp, and after a few
 * responses V8 compiles that parser again with its optimizing compiler, on another thread: CPU
 * taken from a short run on a small machine, and an exit that waits for the compile to end (~20 ms
 * at the end of a 10-call run; bench/, docs/performance.md). `node:http` parses with the llhttp
 * built into Node.
 *
 * It behaves as fetch in what model requests use: undici's `Request` reads the method, headers,
 * body (any body fetch takes) and signal; connections are kept alive (Node's global agents); a
 * gzip, deflate or br answer is decoded; the body streams; an abort rejects with the signal's
 * reason, and a connection that fails is `TypeError('fetch failed')` with Node's error, and its
 * code, as the cause. Redirects are followed as fetch follows them, but more warily (see
 * `redirected`). Other protocols than http: and https: are left to undici's fetch.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';

// Loaded when first needed: https (TLS) costs ~3 ms to load and zlib a little, and a run against a
// local server needs neither.
const requireHere = createRequire(import.meta.url);

/** Statuses whose `Location` fetch follows. */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Statuses a Response cannot have a body with. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
/** fetch stops after this many. */
const MAX_REDIRECTS = 20;
/** The headers a request redirected to another origin keeps: an API key may be in any other (`x-api-key`, `x-goog-api-key`). */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'accept-encoding', 'accept-language', 'content-type', 'user-agent']);

/** Options of {@link createNodeHttpFetch}. */
export interface NodeHttpFetchOptions {
  /**
   * A server silent this long, before its headers or within its body, fails the request (a
   * connection error, which the retrying fetch retries). @default 300_000, undici's own limits
   */
  inactivityTimeoutMs?: number;
}

/** A fetch that sends http: and https: requests with `node:http` and `node:https`. */
export function createNodeHttpFetch({ inactivityTimeoutMs = 300_000 }: NodeHttpFetchOptions = {}): typeof fetch {
  return async function nodeHttpFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    let url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return fetch(request);
    request.signal.throwIfAborted();
    let hop: Hop = {
      method: request.method,
      headers: { accept: '*/*', 'accept-encoding': 'gzip, deflate, br', ...Object.fromEntries(request.headers) },
      body: request.body === null ? undefined : new Uint8Array(await request.arrayBuffer()),
    };
    for (let redirects = 0; ; redirects++) {
      const response = await exchange(url, hop, request.signal, inactivityTimeoutMs);
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || location === null || request.redirect === 'manual') return response;
      await response.body?.cancel();
      const next = new URL(location, url);
      const refusal =
        request.redirect === 'error'
          ? 'the request\'s redirect mode is "error"'
          : redirects === MAX_REDIRECTS
            ? `it is redirect number ${MAX_REDIRECTS + 1}`
            : next.protocol !== 'http:' && next.protocol !== 'https:'
              ? `it leads to ${next.protocol}`
              : url.protocol === 'https:' && next.protocol === 'http:'
                ? 'it leads from https: to http:'
                : undefined;
      if (refusal) throw new TypeError('fetch failed', { cause: new Error(`${url.href} redirects to ${next.href}, which is not followed: ${refusal}`) });
      hop = redirected(hop, response.status, url, next);
      url = next;
    }
  };
}

/** What one request of a redirect chain sends. */
interface Hop {
  method: string;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | undefined;
}

/**
 * The next request of a redirect, by the fetch rules (a 303, or a POST answered 301 or 302, becomes
 * a GET without body), except that for another origin every header but a few plain ones stays
 * behind, not only `authorization`.
 */
function redirected(hop: Hop, status: number, from: URL, to: URL): Hop {
  const asGet = (status === 303 && hop.method !== 'GET' && hop.method !== 'HEAD') || (hop.method === 'POST' && (status === 301 || status === 302));
  const headers = Object.fromEntries(
    Object.entries(hop.headers).filter(([name]) => (to.origin === from.origin || CROSS_ORIGIN_HEADERS.has(name)) && !(asGet && name.startsWith('content-'))),
  );
  return asGet ? { method: 'GET', headers, body: undefined } : { ...hop, headers };
}

/** Sends one request and resolves with the response once its headers arrive. */
function exchange(url: URL, { method, headers: hopHeaders, body }: Hop, signal: AbortSignal, timeoutMs: number): Promise<Response> {
  const headers = body ? { ...hopHeaders, 'content-length': String(body.length) } : hopHeaders;
  const send = url.protocol === 'https:' ? (requireHere('node:https') as typeof import('node:https')).request : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(url, { method, headers, timeout: timeoutMs });
    let incoming: IncomingMessage | undefined;
    // Ends the exchange, whether or not the response has begun: its body fails with `error`.
    const fail = (error: Error) => {
      incoming?.destroy(error);
      outgoing.destroy(error);
    };
    const onAbort = () => fail(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
    const unlink = () => signal.removeEventListener('abort', onAbort);
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('timeout', () => fail(silentServerError(timeoutMs)));
    outgoing.on('error', (error) => {
      unlink();
      reject(signal.aborted ? signal.reason : new TypeError('fetch failed', { cause: error }));
    });
    outgoing.on('response', (response) => {
      incoming = response;
      try {
        resolve(toResponse(response, method, signal, unlink));
      } catch (error) {
        response.destroy();
        unlink();
        reject(new TypeError('fetch failed', { cause: error }));
      }
    });
    outgoing.end(body);
  });
}

function silentServerError(timeoutMs: number): Error {
  return Object.assign(new Error(`the server sent nothing for ${timeoutMs} ms`), { code: 'ETIMEDOUT' });
}

/** A Response whose body streams `incoming` (decoded); `unlink` runs once nothing more can arrive. */
function toResponse(incoming: IncomingMessage, method: string, signal: AbortSignal, unlink: () => void): Response {
  const status = incoming.statusCode ?? 0;
  const headers = new Headers();
  for (let index = 0; index < incoming.rawHeaders.length; index += 2) headers.append(incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!);
  const init = { status, statusText: incoming.statusMessage ?? '', headers };
  if (method === 'HEAD' || NULL_BODY_STATUSES.has(status)) {
    incoming.resume();
    incoming.once('end', unlink).once('close', unlink);
    return new Response(null, init);
  }
  return new Response(streamOf(decoded(incoming, headers.get('content-encoding')), signal, unlink), init);
}

/** `incoming` through the decoders of its `Content-Encoding`, last applied first; unknown codings pass as they are. */
function decoded(incoming: IncomingMessage, encoding: string | null): Readable {
  const codings = (encoding ?? '')
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter(Boolean)
    .reverse();
  if (codings.length === 0) return incoming;
  const zlib = requireHere('node:zlib') as typeof import('node:zlib');
  const { pipeline } = requireHere('node:stream') as typeof import('node:stream');
  let stream: Readable = incoming;
  for (const coding of codings) {
    const decoder =
      coding === 'gzip' || coding === 'x-gzip'
        ? zlib.createGunzip()
        : coding === 'deflate'
          ? zlib.createInflate()
          : coding === 'br'
            ? zlib.createBrotliDecompress()
            : undefined;
    if (!decoder) return stream;
    // A failing stage destroys the others, so the error reaches the last one, which the body reads.
    stream = pipeline(stream, decoder, () => undefined);
  }
  return stream;
}

/**
 * `source` as a web stream, read as fast as the reader asks. A failure is the signal's reason when
 * it aborted, else `TypeError('terminated')` with the cause, as from undici.
 */
function streamOf(source: Readable, signal: AbortSignal, unlink: () => void): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const settle = (error?: unknown) => {
        if (settled) return;
        settled = true;
        unlink();
        if (error === undefined) controller.close();
        else controller.error(signal.aborted ? signal.reason : new TypeError('terminated', { cause: error }));
      };
      source.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) source.pause();
      });
      source.once('end', () => settle());
      source.once('error', (error) => settle(error));
      // Closed with neither: the connection went before the body was complete.
      source.once('close', () => settle(new Error('the connection closed before the response was complete')));
    },
    pull() {
      source.resume();
    },
    cancel() {
      settled = true;
      unlink();
      source.destroy();
    },
  });
}
