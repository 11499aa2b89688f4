/**
 * `llm-do ui` (docs/ui.md): a local web page over the run log. It lists runs, draws a run's call tree
 * live, shows prompts, tool calls and cost, records decisions on pending approvals and answers to
 * pending questions, resumes paused runs and starts new ones (through the `RunLauncher` its caller
 * hands it). It listens on 127.0.0.1 only; `security.ts` says who may ask it anything, checked by
 * the first middleware of its routes (Hono, served by @hono/node-server).
 */
import { createAdaptorServer, type HttpBindings } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Server } from 'node:http';
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
import type { PageAssets } from './assets.ts';
import { evalsView, evalView } from './evals-api.ts';
import type { RunLauncher } from './launcher.ts';
import { createChangeFeed, createEventStream, type EventStream } from './live.ts';
import { refusal, securityHeaders, TOKEN_PARAM, tokenCookieName } from './security.ts';

/** Largest request body, as JSON (a run's input is a prompt, not a payload). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface UiServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** The run log the page shows (the server reads it and records decisions through it). */
  db: RunDatabase;
  /** Records the runs waiting in the log's journals (`ingestRunJournals`); returns how many lines it recorded. */
  ingest?: () => number;
  /** Where `llm-do eval` keeps its records (`$LLM_DO_HOME/evals`), for the Evals page. */
  evalsDir: string;
  /** The page's files (`readPageAssets`). */
  assets: PageAssets;
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
  const streams = new Set<EventStream>();
  const headers = securityHeaders(options.assets.inlineScripts);
  let port = 0;

  const app = new Hono<{ Bindings: HttpBindings }>();

  // Who may ask (security.ts), before anything else; every answer carries the security headers.
  app.use(async (c, next) => {
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    const url = new URL(c.req.url);
    const refused = refusal({ method: c.req.method, url, headers: c.env.incoming.headers }, token, port);
    if (refused) return c.json({ error: refused }, 403);
    if (!['GET', 'HEAD', 'POST'].includes(c.req.method)) throw new ApiError(405, `${c.req.method} is not supported; the page uses GET and POST`);
    await next();
  });

  // The page's files. The token leaves the address bar (and history) for a cookie only this origin's requests carry.
  for (const [path, asset] of options.assets.files) {
    app.get(path, (c) => {
      if (path === '/' && c.req.query(TOKEN_PARAM) !== undefined) {
        c.header('set-cookie', `${tokenCookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict`);
        return c.redirect('/', 303);
      }
      return c.body(new Uint8Array(asset.body), 200, { 'content-type': asset.type });
    });
  }

  app.get('/api/project', (c) => c.json({ project: launcher.project }));
  // Runs of other processes reach the log through their journals.
  app.get('/api/*', async (_c, next) => {
    options.ingest?.();
    await next();
  });
  app.get('/api/runs', (c) => c.json(runsView(db, countUndecided)));
  app.get('/api/evals', (c) => c.json(evalsView(options.evalsDir)));
  app.get('/api/evals/:id', (c) => c.json(evalView(options.evalsDir, c.req.param('id'), c.req.query('compare') ?? null)));
  app.get('/api/search', (c) => c.json(searchView(db, c.req.query('q') ?? null)));
  app.get('/api/live/runs', (c) => {
    const { body, stream } = openStream();
    const update = guarded(stream, () => stream.sendIfChanged('runs', runsView(db, countUndecided)));
    update();
    stream.onClose(feed.subscribe(update));
    return eventStreamResponse(c, body);
  });
  app.get('/api/live/runs/:run', (c) => {
    const runId = runIdOf(db, c.req.param('run'));
    const { body, stream } = openStream();
    const update = guarded(stream, () => stream.sendIfChanged('run', runView(db, runId)));
    update();
    stream.onClose(feed.subscribe(update));
    stream.onClose(texts.subscribe(runId, (text) => stream.send('text', text)));
    return eventStreamResponse(c, body);
  });
  app.get('/api/runs/:run/prompts/:call/:step{[0-9]+}', (c) => c.json(promptView(db, c.req.param('run'), c.req.param('call'), Number(c.req.param('step')))));
  app.get('/api/runs/:run', (c) => c.json(runView(db, c.req.param('run'))));

  // Starting a run, decisions on a paused run's approvals, answers to its questions, resuming it.
  const limit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: `the request body is over ${MAX_BODY_BYTES} bytes` }, 413) });
  app.post('/api/runs', limit, async (c) => {
    if ('unavailable' in launcher.project) throw new ApiError(409, launcher.project.unavailable);
    const { worker, input } = parseStart(await readJsonBody(c), launcher.project.workers);
    const runId = await launcher.start(worker, input, relay).catch((error) => Promise.reject(asApiError(error)));
    feed.touch();
    return c.json({ run_id: runId }, 202);
  });
  app.post('/api/runs/:run/decisions', limit, async (c) => {
    const body = await readJsonBody(c);
    const runId = runIdOf(db, c.req.param('run'));
    recordDecisions(db, runId, body, options.decidedBy);
    feed.touch();
    return c.json(runView(db, runId));
  });
  app.post('/api/runs/:run/answers', limit, async (c) => {
    const body = await readJsonBody(c);
    const runId = runIdOf(db, c.req.param('run'));
    recordAnswer(db, runId, body, options.decidedBy);
    feed.touch();
    return c.json(runView(db, runId));
  });
  app.post('/api/runs/:run/resume', limit, async (c) => {
    await readJsonBody(c);
    const runId = runIdOf(db, c.req.param('run'));
    checkResumable(db, runId);
    await launcher.resume(runId, relay).catch((error) => Promise.reject(asApiError(error, 409)));
    feed.touch();
    return c.json({ run_id: runId }, 202);
  });

  app.notFound((c) => c.json({ error: `not found: ${c.req.method === 'POST' ? 'POST ' : ''}${c.req.path}` }, 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json({ error: error.message }, error.status as ContentfulStatusCode);
    return c.json({ error: `llm-do ui: ${error.message}` }, 500);
  });

  /** What runs of this process report: their streamed text goes to the pages watching them. */
  const relay = (event: RunEvent) => {
    if (event.type === 'text_delta') texts.publish(event.run_id, { call_id: event.call_id, text: event.text });
  };

  const openStream = () => {
    const opened = createEventStream();
    streams.add(opened.stream);
    opened.stream.onClose(() => streams.delete(opened.stream));
    return opened;
  };

  const http = createAdaptorServer({ fetch: app.fetch, hostname: LOOPBACK }) as Server;
  port = await listenOnLoopback(http, options.port, '--port');
  options.onListening(`http://${LOOPBACK}:${port}/?${TOKEN_PARAM}=${token}`);
  await new Promise<void>((resolve) => {
    if (options.signal.aborted) resolve();
    options.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  feed.close();
  for (const stream of streams) stream.close();
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
}

/** A `text/event-stream` answer with `body`; the security headers are already on `c`. */
function eventStreamResponse(c: Context, body: ReadableStream<Uint8Array>): Response {
  return c.body(body, 200, { 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' });
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

/** The request's body as JSON (`content-type: application/json`; its size is limited by `bodyLimit`). */
async function readJsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  // A form or text/plain POST is what a page elsewhere could send without asking first: refused.
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw new ApiError(415, `expected a JSON body (content-type: application/json), got ${type || 'no content type'}`);
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, `the request body is not JSON (${(error as Error).message})`);
  }
}
