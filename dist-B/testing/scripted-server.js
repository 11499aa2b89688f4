/**
 * A scripted model server for tests and examples: a real HTTP server on 127.0.0.1 that speaks the
 * OpenAI Chat Completions, OpenAI Responses and Anthropic Messages APIs, streaming (SSE) and not,
 * and answers whatever your handler decides. Point the real provider packages at it to test a
 * whole run — request formatting, tool loops, usage, retries, errors — without a network.
 *
 * @example
 * const server = await startScriptedServer((request) =>
 *   request.toolResults.length === 0
 *     ? { toolCalls: [{ name: 'read_file', args: { path: '/input/a.md' } }] }
 *     : { text: 'done' },
 * );
 * // OPENAI_COMPATIBLE_BASE_URL=server.openaiBaseUrl, or ANTHROPIC_BASE_URL=server.openaiBaseUrl
 * await server.close();
 *
 * Only node:http is used, so the file doubles as a readable reference of the three wire formats
 * (see ./protocols/).
 */
import { createServer, STATUS_CODES } from 'node:http';
import { anthropicProtocol } from "./protocols/anthropic.js";
import { openaiChatProtocol } from "./protocols/openai-chat.js";
import { createOpenAIResponsesProtocol } from "./protocols/openai-responses.js";
import { roughTokens } from "./protocols/protocol.js";
/** Used when no handler is given: answers with the last user text. */
const echoHandler = (request) => ({ text: `scripted reply to: ${request.lastUserText}` });
/**
 * Starts a scripted server on a free port of 127.0.0.1. Routes (with or without the `/v1` prefix):
 * `POST /v1/chat/completions`, `POST /v1/responses`, `POST /v1/messages`. A handler that throws
 * produces a 500 answer whose message is the thrown error's.
 */
export async function startScriptedServer(handler = echoHandler) {
    let current = handler;
    const requests = [];
    // One instance per server: the Responses protocol remembers the items it sent.
    const routes = {
        '/chat/completions': { name: 'openai-chat', protocol: openaiChatProtocol },
        '/responses': { name: 'openai-responses', protocol: createOpenAIResponsesProtocol() },
        '/messages': { name: 'anthropic', protocol: anthropicProtocol },
    };
    const server = createServer((req, res) => {
        handle(req, res).catch((error) => {
            // Only reached when writing itself failed (the client went away); nothing left to answer.
            if (!res.headersSent)
                sendJson(res, 500, { error: { message: String(error) } });
        });
    });
    async function handle(req, res) {
        const path = new URL(req.url ?? '/', 'http://localhost').pathname.replace(/^\/v1(?=\/)/, '');
        const route = routes[path];
        if (req.method !== 'POST' || route === undefined) {
            return sendJson(res, 404, { error: { message: `no route for ${req.method} ${req.url}; use POST /v1/chat/completions, /v1/responses or /v1/messages` } });
        }
        const { name, protocol } = route;
        let request;
        try {
            request = readRequest(name, protocol, JSON.parse(await readBody(req)), req.headers);
        }
        catch (error) {
            return sendJson(res, 400, protocol.errorBody(400, `invalid request: ${error.message}`));
        }
        const index = requests.push(request) - 1;
        let reply;
        try {
            reply = await current(request, index);
        }
        catch (error) {
            reply = { status: 500, errorMessage: `scripted handler failed: ${error instanceof Error ? error.message : String(error)}` };
        }
        if (reply.delayMs !== undefined && !(await waitUnlessClosed(res, reply.delayMs)))
            return;
        const status = reply.status ?? 200;
        const headers = reply.headers ?? {};
        if (status >= 400) {
            return sendJson(res, status, protocol.errorBody(status, reply.errorMessage ?? STATUS_CODES[status] ?? 'error'), headers);
        }
        const planned = plan(reply, request, index);
        if (!request.stream)
            return sendJson(res, status, protocol.respond(planned, request), headers);
        res.writeHead(status, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', ...headers });
        const events = protocol.streamEvents(planned, request);
        for (const event of events.slice(0, reply.stallAfterEvents)) {
            res.write(`${event.event === undefined ? '' : `event: ${event.event}\n`}data: ${event.data}\n\n`);
        }
        if (reply.stallAfterEvents === undefined)
            res.end();
    }
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
    });
    const url = `http://127.0.0.1:${server.address().port}`;
    return {
        url,
        openaiBaseUrl: `${url}/v1`,
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
function readRequest(name, protocol, body, rawHeaders) {
    if (typeof body !== 'object' || body === null)
        throw new TypeError('the body must be a JSON object');
    const parsed = protocol.parse(body);
    // Providers send only the call id with a result; find the tool's name in the earlier call.
    const names = new Map(parsed.messages.flatMap((message) => message.toolCalls.map((call) => [call.id, call.name])));
    for (const message of parsed.messages) {
        for (const result of message.toolResults)
            result.name ??= names.get(result.callId);
    }
    const headers = {};
    for (const [key, value] of Object.entries(rawHeaders))
        if (value !== undefined)
            headers[key] = String(value);
    return {
        protocol: name,
        stream: body.stream === true,
        ...parsed,
        lastUserText: parsed.messages.findLast((message) => message.role === 'user' && message.text !== '')?.text ?? '',
        toolResults: parsed.messages.flatMap((message) => message.toolResults),
        body,
        headers,
    };
}
/** Fills in ids, the answer text and default usage (characters / 4). */
function plan(reply, request, index) {
    const text = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
    const toolCalls = (reply.toolCalls ?? []).map((call, i) => ({ id: call.id ?? `call_${index}_${i}`, name: call.name, args: call.args ?? {} }));
    const usage = {
        input: reply.usage?.input ?? roughTokens(request.system + JSON.stringify(request.messages)),
        output: reply.usage?.output ?? roughTokens(text + JSON.stringify(toolCalls)),
        cacheRead: reply.usage?.cacheRead ?? 0,
        cacheWrite: reply.usage?.cacheWrite ?? 0,
    };
    return { text, toolCalls, usage, json: reply.json, id: `scripted_${index}` };
}
function readBody(req) {
    return new Promise((resolve, reject) => {
        const chunks = [];
        req.on('data', (chunk) => chunks.push(chunk));
        req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        req.on('error', reject);
    });
}
function sendJson(res, status, body, headers = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
}
/** Resolves true after `ms`, or false as soon as the client disconnects. */
function waitUnlessClosed(res, ms) {
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
