/**
 * A replay server on 127.0.0.1: each request, whatever its path, gets the next of a list of canned
 * HTTP responses, byte for byte (a status, headers and a body, optionally cut off or left hanging).
 * Tests use it to play recorded provider responses (`../shared/realstreams/fixtures`, when it is
 * there) and the project's own scripted streams of the same shapes through the real provider packages.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One canned answer. */
export interface ReplayResponse {
  /** @default 200 */
  status?: number;
  /** @default content-type from {@link ReplayResponse.body}'s shape: SSE for `sse`, JSON otherwise */
  headers?: Record<string, string>;
  /** What is sent as the body, exactly. */
  body?: string;
  /** Server-sent events: `body` is sent as `text/event-stream`. */
  sse?: boolean;
  /** Send the headers and this much of the body, then never answer more (a provider that hangs). */
  hangAfter?: number;
}

/** What a request sent. */
export interface ReplayedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface ReplayServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** The requests received, in order. */
  requests: ReplayedRequest[];
  close(): Promise<void>;
}

/**
 * Serves `responses` in order, one per request; a request after the last one gets a 500 saying so.
 * Hanging responses are ended when the server closes.
 */
export async function startReplayServer(responses: readonly ReplayResponse[]): Promise<ReplayServer> {
  const requests: ReplayedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? 'GET', path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const next = responses[requests.length - 1];
      if (!next) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `replay server: no response for request ${requests.length}` } }));
        return;
      }
      const contentType = next.sse ? 'text/event-stream' : 'application/json';
      response.writeHead(next.status ?? 200, { 'content-type': contentType, ...next.headers });
      const body = next.body ?? '';
      if (next.hangAfter === undefined) {
        response.end(body);
        return;
      }
      response.flushHeaders();
      if (next.hangAfter > 0) response.write(body.slice(0, next.hangAfter));
      hanging.add(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Server-sent events from the AI SDK's `*.chunks.txt` recording format (one `data:` payload per
 * line; the wire's `event:` lines and blank lines are not kept): each line as one event.
 */
export function sseFromChunks(text: string): string {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `data: ${line}\n\n`)
    .join('');
}

/** Server-sent events of `payloads`, each as JSON in one `data:` line. */
export function sseOf(payloads: readonly unknown[]): string {
  return payloads.map((payload) => `data: ${JSON.stringify(payload)}\n\n`).join('');
}

/** `../shared/realstreams/fixtures` beside the repository, where CI keeps the recorded provider responses. */
export const RECORDINGS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'realstreams', 'fixtures');

/** Whether the recordings are there; tests of them skip when not, saying why. */
export const HAVE_RECORDINGS = existsSync(RECORDINGS_DIR);

/** Why recording tests are skipped. */
export const NO_RECORDINGS = `the recorded provider responses are not at ${RECORDINGS_DIR} (they are kept beside the repository, not in it)`;

/** A recording's text, by its path under the fixtures directory (`anthropic/anthropic-text.chunks.txt`). */
export function readRecording(path: string): string {
  return readFileSync(join(RECORDINGS_DIR, path), 'utf8');
}
