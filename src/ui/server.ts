/**
 * `llm-do ui` (docs/ui.md): a local web page over the run log. It lists runs, draws a run's call tree
 * live, shows prompts, tool calls and cost, records decisions on pending approvals and answers to
 * pending questions, resumes paused runs and starts new ones (through the `RunLauncher` its caller
 * hands it). It listens on 127.0.0.1 only; `security.ts` says who may ask it anything.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback, LOOPBACK } from '../loopback.ts';
import type { RunEvent } from '../runtime/events.ts';
import type { RunDatabase } from '../run-log/index.ts';
import {
  ApiError,
  asApiError,
  checkResumable,
  createUndecidedCounter,
  parseStart,
  promptView,
  recordAnswer,
  recordDecisions,
  runIdOf,
  runsView,
  runView,
  searchView,
} from './api.ts';
import type { PageAsset } from './assets.ts';
import type { RunLauncher } from './launcher.ts';
import { createChangeFeed, openEventStream, type EventStream } from './live.ts';
import { refusal, SECURITY_HEADERS, TOKEN_PARAM, tokenCookieName } from './security.ts';

/** Largest request body, as JSON (a run's input is a prompt, not a payload). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface UiServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** The run log the page shows (the server reads it and records decisions through it). */
  db: RunDatabase;
  /** Records the runs waiting in the log's journals (`ingestRunJournals`); returns how many lines it recorded. */
  ingest?: () => number;
  /** The page's files (`readPageAssets`). */
  assets: ReadonlyMap<string, PageAsset>;
  launcher: RunLauncher;
  /** `user@host` recorded with each decision and answer. */
  decidedBy: string;
  /** The token the page's URL carries. */
  token: string;
  /** Stops the server. */
  signal: AbortSignal;
  /** Told the page's URL (with its token) once the server listens. */
  onListening: (url: string) => void;
}

/** Serves the page until `signal` aborts, then closes every connection. Throws a UsageError when the port cannot be had. */
export async function serveUi(options: UiServerOptions): Promise<void> {
  const { db, launcher, token } = options;
  const feed = createChangeFeed(db, { ...(options.ingest ? { ingest: options.ingest } : {}) });
  const texts = createTextRelay();
  const countUndecided = createUndecidedCounter(db);
  const streams = new Set<ServerResponse>();
  let port = 0;

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', `http://${LOOPBACK}`);
    const refused = refusal({ method: request.method ?? 'GET', url, headers: request.headers }, token, port);
    if (refused) return sendJson(response, 403, { error: refused });
    if (request.method === 'GET' || request.method === 'HEAD') return answerGet(url, request, response);
    if (request.method !== 'POST') throw new ApiError(405, `${request.method} is not supported; the page uses GET and POST`);
    return answerPost(url.pathname, await readJsonBody(request), response);
  };

  /** The page's files, the views of the run log and their live streams. */
  const answerGet = (url: URL, request: IncomingMessage, response: ServerResponse): void => {
    const { pathname } = url;
    const asset = options.assets.get(pathname);
    if (asset) {
      // The token leaves the address bar (and history) for a cookie only this origin's requests carry.
      if (pathname === '/' && url.searchParams.has(TOKEN_PARAM)) {
        response.writeHead(303, { ...SECURITY_HEADERS, location: '/', 'set-cookie': `${tokenCookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict` });
        return void response.end();
      }
      response.writeHead(200, { ...SECURITY_HEADERS, 'content-type': asset.type, 'content-length': asset.body.length });
      return void response.end(request.method === 'HEAD' ? undefined : asset.body);
    }
    if (pathname === '/api/project') return sendJson(response, 200, { project: launcher.project });
    // Runs of other processes reach the log through their journals.
    if (pathname.startsWith('/api/')) options.ingest?.();
    if (pathname === '/api/runs') return sendJson(response, 200, runsView(db, countUndecided));
    if (pathname === '/api/search') return sendJson(response, 200, searchView(db, url.searchParams.get('q')));
    if (pathname === '/api/live/runs') return streamRuns(openStream(response));
    const liveRun = /^\/api\/live\/runs\/([^/]+)$/.exec(pathname);
    if (liveRun) {
      const runId = runIdOf(db, segment(liveRun[1]!));
      return streamRun(openStream(response), runId);
    }
    const prompt = /^\/api\/runs\/([^/]+)\/prompts\/([^/]+)\/(\d+)$/.exec(pathname);
    if (prompt) return sendJson(response, 200, promptView(db, segment(prompt[1]!), segment(prompt[2]!), Number(prompt[3])));
    const run = /^\/api\/runs\/([^/]+)$/.exec(pathname);
    if (run) return sendJson(response, 200, runView(db, segment(run[1]!)));
    throw new ApiError(404, `not found: ${pathname}`);
  };

  /** Starting a run, decisions on a paused run's approvals, answers to its questions, resuming it. */
  const answerPost = async (pathname: string, body: unknown, response: ServerResponse): Promise<void> => {
    if (pathname === '/api/runs') {
      if ('unavailable' in launcher.project) throw new ApiError(409, launcher.project.unavailable);
      const { worker, input } = parseStart(body, launcher.project.workers);
      const runId = await launcher.start(worker, input, relay).catch((error) => Promise.reject(asApiError(error)));
      feed.touch();
      return sendJson(response, 202, { run_id: runId });
    }
    const action = /^\/api\/runs\/([^/]+)\/(decisions|answers|resume)$/.exec(pathname);
    if (!action) throw new ApiError(404, `not found: POST ${pathname}`);
    const runId = runIdOf(db, segment(action[1]!));
    if (action[2] === 'decisions') {
      recordDecisions(db, runId, body, options.decidedBy);
      feed.touch();
      return sendJson(response, 200, runView(db, runId));
    }
    if (action[2] === 'answers') {
      recordAnswer(db, runId, body, options.decidedBy);
      feed.touch();
      return sendJson(response, 200, runView(db, runId));
    }
    checkResumable(db, runId);
    await launcher.resume(runId, relay).catch((error) => Promise.reject(asApiError(error, 409)));
    feed.touch();
    return sendJson(response, 202, { run_id: runId });
  };

  /** What runs of this process report: their streamed text goes to the pages watching them. */
  const relay = (event: RunEvent) => {
    if (event.type === 'text_delta') texts.publish(event.run_id, { call_id: event.call_id, text: event.text });
  };

  const openStream = (response: ServerResponse) => {
    streams.add(response);
    response.on('close', () => streams.delete(response));
    return openEventStream(response, SECURITY_HEADERS);
  };

  const streamRuns = (stream: EventStream) => {
    const update = guarded(stream, () => stream.sendIfChanged('runs', runsView(db, countUndecided)));
    update();
    stream.onClose(feed.subscribe(update));
  };

  const streamRun = (stream: EventStream, runId: string) => {
    const update = guarded(stream, () => stream.sendIfChanged('run', runView(db, runId)));
    update();
    stream.onClose(feed.subscribe(update));
    stream.onClose(texts.subscribe(runId, (text) => stream.send('text', text)));
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return void response.destroy();
      if (error instanceof ApiError) return sendJson(response, error.status, { error: error.message });
      sendJson(response, 500, { error: `llm-do ui: ${error instanceof Error ? error.message : String(error)}` });
    });
  });

  port = await listenOnLoopback(http, options.port, '--port');
  options.onListening(`http://${LOOPBACK}:${port}/?${TOKEN_PARAM}=${token}`);
  await new Promise<void>((resolve) => {
    if (options.signal.aborted) resolve();
    options.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  feed.close();
  for (const response of streams) response.end();
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
}

/**
 * `update`, reporting a failure to the page as a `problem` event instead of throwing out of a timer
 * (a run removed with `llm-do runs rm` while shown, the log busy past its timeout).
 */
function guarded(stream: EventStream, update: () => void): () => void {
  return () => {
    try {
      update();
    } catch (error) {
      stream.sendIfChanged('problem', { error: error instanceof Error ? error.message : String(error) });
    }
  };
}

/** Streamed text of runs in this process, by run id, for the pages watching them. */
function createTextRelay() {
  const listeners = new Map<string, Set<(text: { call_id: string; text: string }) => void>>();
  return {
    publish(runId: string, text: { call_id: string; text: string }) {
      for (const listener of listeners.get(runId) ?? []) listener(text);
    },
    subscribe(runId: string, listener: (text: { call_id: string; text: string }) => void): () => void {
      const set = listeners.get(runId) ?? new Set();
      listeners.set(runId, set.add(listener));
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(runId);
      };
    },
  };
}

/** The request's body as JSON (`content-type: application/json`, at most MAX_BODY_BYTES). */
async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const type = request.headers['content-type'] ?? '';
  // A form or text/plain POST is what a page elsewhere could send without asking first: refused.
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw new ApiError(415, `expected a JSON body (content-type: application/json), got ${type || 'no content type'}`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, `the request body is over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, `the request body is not JSON (${(error as Error).message})`);
  }
}

/** A path segment, percent-decoded; a malformed one names nothing here (404). */
function segment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new ApiError(404, `not found: ${JSON.stringify(text)} is not a valid path segment`);
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}
