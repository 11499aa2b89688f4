/**
 * A scripted model server for tests and examples: a real HTTP server on 127.0.0.1 that speaks the
 * OpenAI Chat Completions, OpenAI Responses, Anthropic Messages, Google Generative AI and Ollama chat
 * APIs, streaming (SSE, or NDJSON for Ollama) and not, and answers whatever your handler decides. Point the real provider packages at it to test a
 * whole run — request formatting, tool loops, usage, retries, errors — without a network.
 *
 * @example
 * const server = await startScriptedServer((request) =>
 *   request.toolResults.length === 0
 *     ? { toolCalls: [{ name: 'read_file', args: { path: '/input/a.md' } }] }
 *     : { text: 'done' },
 * );
 * // OPENAI_COMPATIBLE_BASE_URL=server.openaiBaseUrl, ANTHROPIC_BASE_URL=server.openaiBaseUrl,
 * // GOOGLE_GENERATIVE_AI_BASE_URL=server.googleBaseUrl, OLLAMA_HOST=server.url
 * await server.close();
 *
 * Only node:http is used, so the file doubles as a readable reference of the five wire formats
 * (see ./protocols/).
 */
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAnthropicProtocol } from './protocols/anthropic.ts';
import { GOOGLE_PATH, googleProtocol } from './protocols/google.ts';
import { ollamaProtocol } from './protocols/ollama.ts';
import { openaiChatProtocol } from './protocols/openai-chat.ts';
import { createOpenAIResponsesProtocol } from './protocols/openai-responses.ts';
import { roughTokens, type PlannedReply, type Protocol } from './protocols/protocol.ts';
import type { ScriptedHandler, ScriptedProtocol, ScriptedReply, ScriptedRequest, ScriptedServer } from './scripted-types.ts';

/** Used when no handler is given: answers with the last user text. */
const echoHandler: ScriptedHandler = (request) => ({ text: `scripted reply to: ${request.lastUserText}` });

/** Options of {@link startScriptedServer}. */
export interface ScriptedServerOptions {
  /**
   * Answer browsers on other origins (a page testing `llm-do/browser`): CORS preflights are allowed
   * and every answer carries `Access-Control-Allow-Origin: *`. @default false
   */
  cors?: boolean;
}

/**
 * Starts a scripted server on a free port of 127.0.0.1. Routes (the first three with or without the
 * `/v1` prefix): `POST /v1/chat/completions`, `POST /v1/responses`, `POST /v1/messages`,
 * `POST /v1beta/models/MODEL:generateContent` and `:streamGenerateContent`, `POST /api/chat`. A
 * handler that throws produces a 500 answer whose message is the thrown error's.
 */
export async function startScriptedServer(handler: ScriptedHandler = echoHandler, options: ScriptedServerOptions = {}): Promise<ScriptedServer> {
  let current = handler;
  const requests: ScriptedRequest[] = [];
  // One instance per server: the Responses protocol remembers the items it sent, Anthropic's its prompt cache.
  const routes: Record<string, { name: ScriptedProtocol; protocol: Protocol }> = {
    '/chat/completions': { name: 'openai-chat', protocol: openaiChatProtocol },
    '/responses': { name: 'openai-responses', protocol: createOpenAIResponsesProtocol() },
    '/messages': { name: 'anthropic', protocol: createAnthropicProtocol() },
    '/api/chat': { name: 'ollama', protocol: ollamaProtocol },
  };
  const routeOf = (path: string) => (GOOGLE_PATH.test(path) ? ({ name: 'google', protocol: googleProtocol } as const) : routes[path]);

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // Only reached when writing itself failed (the client went away); nothing left to answer.
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (options.cors) {
      res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
          'access-control-max-age': '600',
        });
        return void res.end();
      }
    }
    const requestUrl = new URL(req.url ?? '/', 'http://localhost');
    const route = routeOf(requestUrl.pathname.replace(/^\/v1(?=\/)/, ''));
    if (req.method !== 'POST' || route === undefined) {
      const routes = '/v1/chat/completions, /v1/responses, /v1/messages, /v1beta/models/MODEL:generateContent or /api/chat';
      return sendJson(res, 404, { error: { message: `no route for ${req.method} ${req.url}; use POST ${routes}` } });
    }
    const { name, protocol } = route;

    let request: ScriptedRequest;
    try {
      request = readRequest(name, protocol, JSON.parse(await readBody(req)), requestUrl, req.headers);
    } catch (error) {
      return sendJson(res, 400, protocol.errorBody(400, `invalid request: ${(error as Error).message}`));
    }
    const index = requests.push(request) - 1;

    let reply: ScriptedReply;
    try {
      reply = await current(request, index);
    } catch (error) {
      reply = { status: 500, errorMessage: `scripted handler failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (reply.delayMs !== undefined && !(await waitUnlessClosed(res, reply.delayMs))) return;

    const status = reply.status ?? 200;
    const headers = reply.headers ?? {};
    if (status >= 400) {
      return sendJson(res, status, protocol.errorBody(status, reply.errorMessage ?? STATUS_CODES[status] ?? 'error'), headers);
    }
    const planned = plan(reply, request, index, reply.usage === undefined ? protocol.measureInput?.(request.body) : undefined);
    if (!request.stream) return sendJson(res, status, protocol.respond(planned, request), headers);

    const { streamError } = reply;
    const failing = streamError ? protocol.streamErrorEvents?.(streamError.type, streamError.message, planned, request) : undefined;
    if (streamError && !failing) return sendJson(res, 500, protocol.errorBody(500, `streamError: the ${name} protocol has no error events`));
    const ndjson = protocol.framing === 'ndjson';
    const contentType = ndjson ? 'application/x-ndjson' : 'text/event-stream';
    res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-cache', connection: 'keep-alive', ...headers });
    const answer = protocol.streamEvents(planned, request);
    const events = failing && streamError ? [...answer.slice(0, streamError.afterEvents ?? 0), ...failing] : answer;
    for (const event of events.slice(0, reply.stallAfterEvents)) {
      res.write(ndjson ? `${event.data}\n` : `${event.event === undefined ? '' : `event: ${event.event}\n`}data: ${event.data}\n\n`);
    }
    if (reply.stallAfterEvents === undefined) res.end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    googleBaseUrl: `${url}/v1beta`,
    requests,
    setHandler(next) {
      current = next;
    },
    close() {
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

/** The protocol's parse, plus what is derived the same way for every protocol. */
function readRequest(name: ScriptedProtocol, protocol: Protocol, body: any, url: URL, rawHeaders: IncomingMessage['headers']): ScriptedRequest {
  if (typeof body !== 'object' || body === null) throw new TypeError('the body must be a JSON object');
  const { stream, ...parsed } = protocol.parse(body, url);
  // Providers send only the call id with a result; find the tool's name in the earlier call.
  const names = new Map(parsed.messages.flatMap((message) => message.toolCalls.map((call) => [call.id, call.name] as const)));
  for (const message of parsed.messages) {
    for (const result of message.toolResults) result.name ??= names.get(result.callId);
  }
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(rawHeaders)) if (value !== undefined) headers[key] = String(value);
  return {
    protocol: name,
    stream: stream ?? body.stream === true,
    ...parsed,
    lastUserText: parsed.messages.findLast((message) => message.role === 'user' && message.text !== '')?.text ?? '',
    toolResults: parsed.messages.flatMap((message) => message.toolResults),
    body,
    headers,
  };
}

/** Fills in ids, the answer text and default usage (the protocol's `measured` input, else characters / 4). */
function plan(reply: ScriptedReply, request: ScriptedRequest, index: number, measured: Omit<PlannedReply['usage'], 'output'> | undefined): PlannedReply {
  const text = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
  const toolCalls = (reply.toolCalls ?? []).map((call, i) => ({ id: call.id ?? `call_${index}_${i}`, name: call.name, args: call.args ?? {} }));
  const usage = {
    input: reply.usage?.input ?? measured?.input ?? roughTokens(request.system + JSON.stringify(request.messages)),
    output: reply.usage?.output ?? roughTokens(text + JSON.stringify(toolCalls)),
    cacheRead: reply.usage?.cacheRead ?? measured?.cacheRead ?? 0,
    cacheWrite: reply.usage?.cacheWrite ?? measured?.cacheWrite ?? 0,
  };
  return { text, toolCalls, usage, json: reply.json, ...(reply.webSearch ? { webSearch: reply.webSearch } : {}), id: `scripted_${index}` };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Resolves true after `ms`, or false as soon as the client disconnects. */
function waitUnlessClosed(res: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(true);
    }, ms);
    res.once('close', onClose);
  });
}
