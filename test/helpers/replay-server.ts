/**
 * Serves provider responses byte for byte on 127.0.0.1, so the real provider packages (through
 * `runWorker` or the built CLI) read exactly what a provider sent: the recordings of real responses
 * in `../shared/realstreams/fixtures` (see SOURCES.md there; never copied into the project) and the
 * project's own scripted streams of the same shapes ({@link sse}, {@link json}).
 *
 * Recordings: a `.json` file is one non-streaming body; a `.sse` file is a raw stream; a
 * `.chunks.txt` file holds one SSE `data:` payload per line, and several responses of one
 * conversation are split where a new one starts (Anthropic `message_start`, OpenAI Responses
 * `response.created`).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the recorded provider responses are, when the checkout has them beside it (CI does). */
export const RECORDINGS = path.resolve(REPO_ROOT, '../shared/realstreams/fixtures');

/** Whether {@link RECORDINGS} is there; replay tests skip without it. */
export const HAVE_RECORDINGS = fs.existsSync(RECORDINGS);

/** Why replay tests are skipped, for the test names. */
export const NO_RECORDINGS = HAVE_RECORDINGS ? '' : ' (skipped: ../shared/realstreams/fixtures is not beside the checkout)';

/** One HTTP response, as sent. */
export interface ReplayResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A request the server received. */
export interface ReplayedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The JSON body, parsed. */
  body: any;
}

/** A server that answers the n-th request with the n-th response. */
export interface ReplayServer {
  url: string;
  requests: ReplayedRequest[];
  /** Base URLs and placeholder keys that point every HTTP provider at the server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** How a stream's lines end: providers send `\n`; some servers and proxies `\r\n`. */
export interface FramingOptions {
  crlf?: boolean;
}

/** A server-sent-events response of `events`: objects as JSON, strings (`[DONE]`) as they are, each its own `data:` line. */
export function sse(events: readonly (object | string)[], options: FramingOptions = {}): ReplayResponse {
  return sseOfPayloads(
    events.map((event) => (typeof event === 'string' ? event : JSON.stringify(event))),
    options,
  );
}

/** A non-streaming JSON response. */
export function json(body: unknown, status = 200): ReplayResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(body)) };
}

function sseOfPayloads(payloads: readonly string[], { crlf = false }: FramingOptions): ReplayResponse {
  const end = crlf ? '\r\n' : '\n';
  return {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
    body: Buffer.from(payloads.map((payload) => `data: ${payload}${end}${end}`).join('')),
  };
}

/** A payload line that starts a new response of a multi-response recording. */
function startsResponse(line: string): boolean {
  const type = (JSON.parse(line) as { type?: unknown }).type;
  return type === 'message_start' || type === 'response.created';
}

/**
 * The responses of a recording (`provider/file` under {@link RECORDINGS}). A `.json` file is served
 * with `status` (a recorded error body: the HTTP status SOURCES.md names).
 */
export function recording(file: string, options: FramingOptions & { status?: number } = {}): ReplayResponse[] {
  const full = path.join(RECORDINGS, file);
  const bytes = fs.readFileSync(full);
  if (file.endsWith('.json')) return [{ status: options.status ?? 200, headers: { 'content-type': 'application/json' }, body: bytes }];
  if (file.endsWith('.sse')) return [{ status: options.status ?? 200, headers: { 'content-type': 'text/event-stream' }, body: bytes }];
  const responses: string[][] = [];
  for (const line of bytes.toString('utf8').split('\n')) {
    if (line.trim() === '') continue;
    if (responses.length === 0 || (startsResponse(line) && responses.at(-1)!.length > 0)) responses.push([]);
    responses.at(-1)!.push(line);
  }
  return responses.map((payloads) => sseOfPayloads(payloads, options));
}

/** Starts a server answering request n with `responses[n]`; a request past the end gets a 400 saying so (not retried). */
export async function startReplayServer(responses: readonly ReplayResponse[]): Promise<ReplayServer> {
  const requests: ReplayedRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: text === '' ? undefined : JSON.parse(text) });
      const answer = responses[requests.length - 1];
      if (!answer) {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ error: { message: `replay server: request ${requests.length} has no recorded response (${responses.length} recorded)` } }),
        );
        return;
      }
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    env: {
      ANTHROPIC_BASE_URL: `${url}/v1`,
      ANTHROPIC_API_KEY: 'test-anthropic-key',
      OPENAI_BASE_URL: `${url}/v1`,
      OPENAI_API_KEY: 'test-openai-key',
      OPENAI_COMPATIBLE_BASE_URL: `${url}/v1`,
      GOOGLE_GENERATIVE_AI_BASE_URL: `${url}/v1beta`,
      GOOGLE_GENERATIVE_AI_API_KEY: 'test-google-key',
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
