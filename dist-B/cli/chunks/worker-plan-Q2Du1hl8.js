import { n as CallPaused, o as ProjectError, s as RunError, t as AbortedError } from "./errors-C1ynlXzT.js";
import { A as isForbiddenName, D as resolveMounts, F as validateWith, I as compileFieldGlob, M as locateSchemaRef, N as isZodSchema, P as toSchemaPair, j as importSchemaModule, k as createTemplateRenderer, z as isGlob } from "./load-project-D2lg0gTi.js";
import { n as parseModelId, t as TEST_MODEL_ID } from "./model-id-347qJjRz.js";
import { n as importModule } from "./module-loader-DzXTZFey.js";
import { Fn as object } from "./schemas-C-rNJMuT.js";
import { posix } from "node:path";
// src/models/providers.ts
/** `openai-compatible` and manifest providers: OpenAI Chat Completions over `@ai-sdk/openai-compatible`. */
async function createChatCompletionsModel(name, baseURL, apiKey, context) {
	const { createOpenAICompatible } = await import("./dist-BucJYMOc.js");
	return createOpenAICompatible({
		name,
		baseURL,
		apiKey,
		includeUsage: true,
		supportsStructuredOutputs: true,
		fetch: context.fetch
	}).chatModel(context.model);
}
/** Built-in providers by name. `test` is handled by the registry itself. */
const BUILTIN_PROVIDERS = {
	anthropic: {
		keyEnv: "ANTHROPIC_API_KEY",
		async create({ model, env, fetch }) {
			const { createAnthropic } = await import("./dist-CK-skSYa.js");
			return createAnthropic({
				apiKey: env.ANTHROPIC_API_KEY,
				baseURL: setting(env.ANTHROPIC_BASE_URL) ?? "https://api.anthropic.com/v1",
				fetch
			})(model);
		}
	},
	openai: {
		keyEnv: "OPENAI_API_KEY",
		async create({ model, env, fetch }) {
			const { createOpenAI } = await import("./dist-BM8bpRAY.js");
			return createOpenAI({
				apiKey: env.OPENAI_API_KEY,
				baseURL: setting(env.OPENAI_BASE_URL) ?? "https://api.openai.com/v1",
				fetch
			}).responses(model);
		}
	},
	"openai-compatible": { async create(context) {
		const baseURL = setting(context.env.OPENAI_COMPATIBLE_BASE_URL);
		if (baseURL === void 0) throw new ProjectError("missing-api-key", `missing base URL for ${context.modelId} (worker ${context.workerId}): set OPENAI_COMPATIBLE_BASE_URL, e.g. http://127.0.0.1:8080/v1`, { field: "model" });
		return createChatCompletionsModel("openai-compatible", baseURL, setting(context.env.OPENAI_COMPATIBLE_API_KEY), context);
	} },
	google: {
		keyEnv: "GOOGLE_GENERATIVE_AI_API_KEY",
		async create({ model, env, fetch }) {
			const { createGoogleGenerativeAI } = await import("./dist-DozIfFHT.js");
			const baseURL = setting(env.GOOGLE_GENERATIVE_AI_BASE_URL) ?? "https://generativelanguage.googleapis.com/v1beta";
			return createGoogleGenerativeAI({
				apiKey: env.GOOGLE_GENERATIVE_AI_API_KEY,
				baseURL,
				fetch
			})(model);
		}
	},
	ollama: { async create({ model, env, fetch }) {
		const { createOllama } = await import("./dist-aO5CR6oB.js");
		return createOllama({
			baseURL: ollamaApiUrl(env.OLLAMA_HOST),
			fetch
		})(model);
	} }
};
/** An environment value, with empty strings treated as unset. */
function setting(value) {
	const trimmed = value?.trim();
	return trimmed === void 0 || trimmed === "" ? void 0 : trimmed;
}
/**
* `OLLAMA_HOST` as the Ollama CLI reads it (`host:port`, a bare host, or a URL; `0.0.0.0` means
* this machine), turned into the provider's `.../api` base URL.
*/
function ollamaApiUrl(host) {
	const value = setting(host) ?? "127.0.0.1:11434";
	const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
	let url;
	try {
		url = new URL(hasScheme ? value : `http://${value}`);
	} catch {
		throw new ProjectError("invalid-field", `invalid OLLAMA_HOST ${JSON.stringify(host)}: expected host:port or a URL such as http://127.0.0.1:11434`);
	}
	if (url.hostname === "0.0.0.0") url.hostname = "127.0.0.1";
	if (!hasScheme && url.port === "") url.port = "11434";
	return `${url.origin}${url.pathname.replace(/\/+$/, "")}/api`;
}
// src/models/retrying-fetch.ts
/** A model stream that went silent for longer than `stream_timeout`. */
var StreamTimeoutError = class extends Error {
	timeoutMs;
	name = "StreamTimeoutError";
	constructor(timeoutMs) {
		super(`the model stream sent nothing for ${timeoutMs / 1e3} s (stream_timeout)`);
		this.timeoutMs = timeoutMs;
	}
};
/** Statuses worth retrying: rate limits and server-side failures (529 = Anthropic "overloaded"). */
const RETRYABLE_STATUSES = /* @__PURE__ */ new Set([
	408,
	429,
	500,
	502,
	503,
	504,
	529
]);
/** Connection errors that will not heal within seconds: nothing listens, or the host does not exist. */
const PERMANENT_CONNECTION_CODES = /* @__PURE__ */ new Set(["ECONNREFUSED", "ENOTFOUND"]);
/** A server may ask for a longer wait; we never wait longer than this. */
const MAX_SERVER_DELAY_MS = 3e4;
/**
* Wraps `fetch` so 408/429/5xx answers and dropped connections are retried with exponential
* backoff and jitter, honouring `retry-after-ms` / `Retry-After` (capped at 30 s). The abort signal
* is passed through; nothing is retried once it has fired, and a backoff wait ends at once when it
* fires. Refused connections and unknown hosts fail at once. The last response (or error) is what
* the caller sees.
*
* @example createOpenAI({ apiKey, fetch: createRetryingFetch({ retries: 2 }) })
*/
function createRetryingFetch(options = {}) {
	const { retries = 3, baseDelayMs = 500, onRetry, idleTimeoutMs, fetch: baseFetch = globalThis.fetch } = options;
	const attemptFetch = idleTimeoutMs === void 0 ? baseFetch : (input, init) => fetchWithIdleTimeout(baseFetch, input, init, idleTimeoutMs);
	return async function retryingFetch(input, init) {
		const signal = init?.signal ?? (input instanceof Request ? input.signal : void 0);
		const replayable = !(init?.body instanceof ReadableStream) && !(input instanceof Request && input.body !== null);
		const url = input instanceof Request ? input.url : String(input);
		for (let attempt = 0;; attempt++) {
			const canRetry = replayable && attempt < retries;
			let response;
			try {
				response = await attemptFetch(input, init);
			} catch (error) {
				const silent = error instanceof StreamTimeoutError;
				if (!canRetry || signal?.aborted || !(silent || isTransientConnectionError(error))) throw error;
				await waitBeforeRetry(attempt, backoff(baseDelayMs, attempt), silent ? "stream_timeout" : errorReason(error), void 0);
				continue;
			}
			if (!canRetry || !RETRYABLE_STATUSES.has(response.status) || signal?.aborted) return response;
			await response.body?.cancel().catch(() => void 0);
			const delayMs = serverDelay(response.headers) ?? backoff(baseDelayMs, attempt);
			await waitBeforeRetry(attempt, delayMs, `HTTP ${response.status}`, response.status);
		}
		async function waitBeforeRetry(attempt, delayMs, reason, status) {
			onRetry?.({
				attempt: attempt + 1,
				retries,
				delayMs,
				reason,
				url,
				...status === void 0 ? {} : { status },
				...signal ? { signal } : {}
			});
			await sleep(delayMs, signal ?? void 0);
		}
	};
}
/** `baseDelayMs * 2^attempt`, scaled by a random factor in [0.5, 1) so parallel callers spread out. */
function backoff(baseDelayMs, attempt) {
	return Math.round(baseDelayMs * 2 ** attempt * (.5 + Math.random() / 2));
}
/** The wait a server asked for, in ms: `retry-after-ms` (OpenAI), else `Retry-After` seconds or date. */
function serverDelay(headers) {
	const ms = Number.parseFloat(headers.get("retry-after-ms") ?? "");
	if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, MAX_SERVER_DELAY_MS);
	const retryAfter = headers.get("retry-after");
	if (retryAfter === null || retryAfter.trim() === "") return void 0;
	const seconds = Number(retryAfter);
	const delay = Number.isFinite(seconds) ? seconds * 1e3 : Date.parse(retryAfter) - Date.now();
	if (!Number.isFinite(delay)) return void 0;
	return Math.min(Math.max(delay, 0), MAX_SERVER_DELAY_MS);
}
/**
* fetch rejects with a TypeError when the connection fails or drops; undici puts a network error
* code in `cause`. Failures without one (a blocked "bad port", a malformed URL) would fail the same
* way again, so only coded, non-permanent ones are retried.
*/
function isTransientConnectionError(error) {
	if (!(error instanceof TypeError)) return false;
	const code = error.cause?.code;
	return typeof code === "string" && !PERMANENT_CONNECTION_CODES.has(code);
}
function errorReason(error) {
	const cause = error.cause;
	if (typeof cause?.code === "string") return cause.code;
	return error instanceof Error ? error.message : String(error);
}
/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
function sleep(ms, signal) {
	return new Promise((resolve, reject) => {
		if (signal?.aborted) return reject(signal.reason);
		const onAbort = () => {
			clearTimeout(timer);
			reject(signal?.reason);
		};
		const timer = setTimeout(() => {
			signal?.removeEventListener("abort", onAbort);
			resolve();
		}, ms);
		signal?.addEventListener("abort", onAbort, { once: true });
	});
}
/**
* One attempt under the idle timeout. A streamed request (`"stream":true` in its JSON body, or
* `alt=sse`) must get its headers within the timeout; a streamed response (SSE or NDJSON) must send
* its first chunk within it — both reject with {@link StreamTimeoutError}, so the attempt can be
* retried — and then each next chunk, else the body errors with it. A timeout also aborts the
* attempt's request, so the connection is freed.
*/
async function fetchWithIdleTimeout(baseFetch, input, init, timeoutMs) {
	const attempt = new AbortController();
	const outer = init?.signal ?? void 0;
	const signal = outer ? AbortSignal.any([outer, attempt.signal]) : attempt.signal;
	const timeout = () => {
		const error = new StreamTimeoutError(timeoutMs);
		attempt.abort(error);
		return error;
	};
	const request = baseFetch(input, {
		...init,
		signal
	});
	const response = isStreamingRequest(input, init) ? await withTimeout(request, timeoutMs, timeout) : await request;
	const type = response.headers.get("content-type") ?? "";
	if (!response.body || !/event-stream|ndjson/.test(type)) return response;
	const reader = response.body.getReader();
	const read = () => withTimeout(reader.read(), timeoutMs, timeout).catch((error) => {
		reader.cancel(error).catch(() => void 0);
		throw error;
	});
	let pending = await read();
	const body = new ReadableStream({
		async pull(controller) {
			try {
				const next = pending ?? await read();
				pending = void 0;
				if (next.done) controller.close();
				else controller.enqueue(next.value);
			} catch (error) {
				controller.error(error);
			}
		},
		cancel: (reason) => reader.cancel(reason)
	});
	return new Response(body, {
		status: response.status,
		statusText: response.statusText,
		headers: response.headers
	});
}
/** Settles like `promise`, or rejects with `onTimeout()`'s error after `ms`. */
function withTimeout(promise, ms, onTimeout) {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(onTimeout()), ms);
		promise.then((value) => {
			clearTimeout(timer);
			resolve(value);
		}, (error) => {
			clearTimeout(timer);
			reject(error);
		});
	});
}
function isStreamingRequest(input, init) {
	return (input instanceof Request ? input.url : String(input)).includes("alt=sse") || typeof init?.body === "string" && /"stream"\s*:\s*true/.test(init.body);
}
// src/models/minimal-value.ts
/** Schemas nested deeper than this (a recursive `$ref`) yield `null` rather than looping. */
const MAX_DEPTH = 32;
/** Valid examples for string formats a minimal string like `""` would fail. */
const FORMAT_EXAMPLES = {
	email: "a@example.com",
	"idn-email": "a@example.com",
	uri: "https://example.com",
	url: "https://example.com",
	"uri-reference": "https://example.com",
	iri: "https://example.com",
	uuid: "00000000-0000-4000-8000-000000000000",
	"date-time": "1970-01-01T00:00:00Z",
	date: "1970-01-01",
	time: "00:00:00Z",
	duration: "P0D",
	ipv4: "127.0.0.1",
	ipv6: "::1",
	hostname: "example.com"
};
/**
* Returns a minimal value valid against `schema`: required properties only, first enum value,
* minimum lengths, item counts and numbers respected.
*
* @example minimalValueFor({ type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 2 } } }) // { n: 2 }
*/
function minimalValueFor(schema) {
	return valueFor(schema, schema, 0);
}
function valueFor(schema, root, depth) {
	if (typeof schema !== "object" || schema === null || depth > MAX_DEPTH) return null;
	if ("const" in schema) return schema.const;
	if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
	if (typeof schema.$ref === "string") {
		const target = resolveRef(schema.$ref, root);
		return target === void 0 ? null : valueFor(target, root, depth + 1);
	}
	const choices = schema.anyOf ?? schema.oneOf;
	if (Array.isArray(choices) && choices.length > 0) return valueFor(choices[0], root, depth + 1);
	if (Array.isArray(schema.allOf)) return valueFor(mergeAll(schema, schema.allOf), root, depth + 1);
	switch (typeOf(schema)) {
		case "object": return objectFor(schema, root, depth);
		case "array": return arrayFor(schema, root, depth);
		case "string": return stringFor(schema);
		case "integer": return numberFor(schema, true);
		case "number": return numberFor(schema, false);
		case "boolean": return false;
		default: return null;
	}
}
/** The declared type (the first non-null one of a list), or one implied by the keywords present. */
function typeOf(schema) {
	const { type } = schema;
	if (typeof type === "string") return type;
	if (Array.isArray(type)) return type.find((t) => t !== "null") ?? type[0];
	if ("properties" in schema || "required" in schema) return "object";
	if ("items" in schema || "prefixItems" in schema) return "array";
	if ("minLength" in schema || "format" in schema) return "string";
	if ("minimum" in schema || "exclusiveMinimum" in schema) return "number";
}
function objectFor(schema, root, depth) {
	const properties = schema.properties ?? {};
	const names = new Set(Array.isArray(schema.required) ? schema.required : []);
	const minProperties = typeof schema.minProperties === "number" ? schema.minProperties : 0;
	for (const name of Object.keys(properties)) {
		if (names.size >= minProperties) break;
		names.add(name);
	}
	const result = {};
	for (const name of names) result[name] = valueFor(properties[name] ?? true, root, depth + 1);
	return result;
}
function arrayFor(schema, root, depth) {
	const tuple = schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : void 0);
	const itemSchema = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
	const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
	const result = (tuple ?? []).map((item) => valueFor(item, root, depth + 1));
	while (result.length < minItems) result.push(valueFor(itemSchema ?? true, root, depth + 1));
	return result;
}
function stringFor(schema) {
	const example = typeof schema.format === "string" ? FORMAT_EXAMPLES[schema.format] ?? "" : "";
	const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
	return example.length >= minLength ? example : example + "x".repeat(minLength - example.length);
}
/** The number closest to zero inside the bounds (draft 4 boolean or draft 6+ numeric exclusive bounds), on `multipleOf`. */
function numberFor(schema, integer) {
	const num = (key) => typeof schema[key] === "number" ? schema[key] : void 0;
	const min = num("minimum");
	const max = num("maximum");
	const exclusiveMin = num("exclusiveMinimum") ?? (schema.exclusiveMinimum === true ? min : void 0);
	const exclusiveMax = num("exclusiveMaximum") ?? (schema.exclusiveMaximum === true ? max : void 0);
	let value = 0;
	if (min !== void 0 && value < min) value = min;
	if (max !== void 0 && value > max) value = max;
	if (exclusiveMin !== void 0 && value <= exclusiveMin) {
		const upper = exclusiveMax ?? max;
		value = integer ? Math.floor(exclusiveMin) + 1 : upper !== void 0 ? (exclusiveMin + upper) / 2 : exclusiveMin + 1;
	}
	if (exclusiveMax !== void 0 && value >= exclusiveMax) {
		const lower = exclusiveMin ?? min;
		value = integer ? Math.ceil(exclusiveMax) - 1 : lower !== void 0 ? (lower + exclusiveMax) / 2 : exclusiveMax - 1;
	}
	if (integer) value = value > 0 ? Math.ceil(value) : Math.floor(value);
	const multipleOf = num("multipleOf");
	if (multipleOf !== void 0 && multipleOf > 0 && value !== 0) value = (value > 0 ? Math.ceil(value / multipleOf) : Math.floor(value / multipleOf)) * multipleOf;
	return value;
}
/** `#/$defs/x`, `#/definitions/x`, `#` — local JSON pointers only. */
function resolveRef(ref, root) {
	if (!ref.startsWith("#")) return void 0;
	let node = root;
	for (const raw of ref.slice(1).split("/").filter(Boolean)) {
		const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
		if (typeof node !== "object" || node === null) return void 0;
		node = node[key];
	}
	return node;
}
/** Shallow merge for `allOf`: later keywords win, `properties` and `required` are combined. */
function mergeAll(base, parts) {
	const { allOf: _ignored, ...rest } = base;
	const merged = { ...rest };
	for (const part of parts) {
		if (typeof part !== "object") continue;
		const properties = {
			...merged.properties,
			...part.properties
		};
		const required = [...merged.required ?? [], ...part.required ?? []];
		Object.assign(merged, part, {
			properties,
			required
		});
	}
	return merged;
}
// src/models/test-model.ts
/** Inputs longer than this are shortened in the description. */
const MAX_INPUT_CHARS = 120;
/**
* Creates the offline `test` model. The runtime tells it the worker id through
* `providerOptions: { 'llm-do': { worker: '<id>' } }`.
*
* @example
* const { text } = await generateText({ model: createTestModel(), prompt: 'hi' });
* // 'test model: worker (unknown) received "hi" (no tools)'
*/
function createTestModel() {
	return {
		specificationVersion: "v3",
		provider: "llm-do",
		modelId: "test",
		supportedUrls: {},
		async doGenerate(options) {
			const text = answer(options);
			return {
				content: [{
					type: "text",
					text
				}],
				finishReason: {
					unified: "stop",
					raw: "stop"
				},
				usage: usageFor(options.prompt, text),
				warnings: []
			};
		},
		async doStream(options) {
			const text = answer(options);
			const parts = [
				{
					type: "stream-start",
					warnings: []
				},
				{
					type: "text-start",
					id: "text-0"
				},
				...(text.match(/\S+\s*/g) ?? [text]).map((delta) => ({
					type: "text-delta",
					id: "text-0",
					delta
				})),
				{
					type: "text-end",
					id: "text-0"
				},
				{
					type: "finish",
					finishReason: {
						unified: "stop",
						raw: "stop"
					},
					usage: usageFor(options.prompt, text)
				}
			];
			return { stream: new ReadableStream({ start(controller) {
				for (const part of parts) controller.enqueue(part);
				controller.close();
			} }) };
		}
	};
}
/** JSON for structured output, otherwise the description. */
function answer(options) {
	const format = options.responseFormat;
	if (format?.type === "json") return JSON.stringify(format.schema === void 0 ? {} : minimalValueFor(format.schema));
	return describe(options);
}
/** `test model: worker main received "the input" (tools: read_file, write_file)`. */
function describe(options) {
	const worker = workerId(options.providerOptions);
	const { text, files } = lastUserInput(options.prompt);
	const tools = (options.tools ?? []).map((tool) => tool.name);
	const attachments = files === 0 ? "" : ` with ${files} attachment${files === 1 ? "" : "s"}`;
	const toolList = tools.length === 0 ? "no tools" : `tools: ${tools.join(", ")}`;
	return `test model: worker ${worker} received ${JSON.stringify(shorten(text))}${attachments} (${toolList})`;
}
function workerId(providerOptions) {
	const worker = providerOptions?.["llm-do"]?.worker;
	return typeof worker === "string" && worker !== "" ? worker : "(unknown)";
}
/** The text and the number of files of the last user message. */
function lastUserInput(prompt) {
	for (let i = prompt.length - 1; i >= 0; i--) {
		const message = prompt[i];
		if (message?.role !== "user") continue;
		return {
			text: message.content.flatMap((part) => part.type === "text" ? [part.text] : []).join("\n"),
			files: message.content.filter((part) => part.type === "file").length
		};
	}
	return {
		text: "",
		files: 0
	};
}
function shorten(text) {
	const line = text.replace(/\s+/g, " ").trim();
	return line.length <= MAX_INPUT_CHARS ? line : `${line.slice(0, 119)}…`;
}
/** Rough token counts: one token per four characters, as providers roughly count English. */
function usageFor(prompt, output) {
	const input = Math.ceil(promptChars(prompt) / 4);
	const outputTokens = Math.ceil(output.length / 4);
	return {
		inputTokens: {
			total: input,
			noCache: input,
			cacheRead: 0,
			cacheWrite: 0
		},
		outputTokens: {
			total: outputTokens,
			text: outputTokens,
			reasoning: 0
		}
	};
}
function promptChars(prompt) {
	let chars = 0;
	for (const message of prompt) {
		if (message.role === "system") {
			chars += message.content.length;
			continue;
		}
		for (const part of message.content) if (part.type === "text" || part.type === "reasoning") chars += part.text.length;
		else if (part.type === "tool-call") chars += JSON.stringify(part.input ?? null).length;
		else if (part.type === "tool-result") chars += JSON.stringify(part.output ?? null).length;
	}
	return chars;
}
// src/models/registry.ts
/**
* Throws ProjectError `unknown-provider` unless `modelId` names a built-in provider, the offline
* `test` model or one of the manifest's `providers`. Needs no API key, so `check` runs it too.
*/
function assertKnownProvider(modelId, workerId, providers = {}) {
	const { provider } = parseModelId(modelId);
	if (provider === "test" || Object.hasOwn(providers, provider) || Object.hasOwn(BUILTIN_PROVIDERS, provider)) return;
	const valid = [.../* @__PURE__ */ new Set([...Object.keys(BUILTIN_PROVIDERS), ...Object.keys(providers)]), TEST_MODEL_ID].join(", ");
	throw new ProjectError("unknown-provider", `unknown model provider "${provider}" in ${modelId} (worker ${workerId}): valid providers are ${valid}`, { field: "model" });
}
/**
* Creates the registry: built-in providers `anthropic`, `openai` (Responses API),
* `openai-compatible`, `google`, `ollama`, the offline `test` model, and the manifest's providers.
* Every provider uses one retrying fetch.
*
* @example
* const registry = createModelRegistry({ env: process.env, providers: manifest.providers });
* const model = await registry.resolve('anthropic:claude-sonnet-4-5', 'main');
*/
function createModelRegistry(options) {
	const { env, providers = {}, retry } = options;
	const streamTimeout = streamTimeoutMs(env);
	const fetch = createRetryingFetch({
		...retry,
		fetch: options.fetch,
		...typeof streamTimeout === "number" ? { idleTimeoutMs: streamTimeout } : {}
	});
	const known = new Map(Object.entries(BUILTIN_PROVIDERS));
	for (const [name, config] of Object.entries(providers)) known.set(name, {
		keyEnv: config.api_key_env,
		create: (context) => createChatCompletionsModel(name, config.base_url, config.api_key_env === void 0 ? void 0 : setting(env[config.api_key_env]), context)
	});
	return { async resolve(modelId, workerId) {
		if (streamTimeout instanceof ProjectError) throw streamTimeout;
		const { provider, model } = parseModelId(modelId);
		if (provider === "test") return createTestModel();
		assertKnownProvider(modelId, workerId, providers);
		const spec = known.get(provider);
		if (spec.keyEnv !== void 0 && setting(env[spec.keyEnv]) === void 0) throw new ProjectError("missing-api-key", `missing API key for ${modelId} (worker ${workerId}): set ${spec.keyEnv}`, { field: "model" });
		const context = {
			model,
			env,
			fetch,
			modelId,
			workerId
		};
		return spec.create(context);
	} };
}
/** `stream_timeout` of every model request: 120 s, or `LLM_DO_STREAM_TIMEOUT` seconds (SPEC §15). */
const DEFAULT_STREAM_TIMEOUT_SECONDS = 120;
function streamTimeoutMs(env) {
	const raw = setting(env.LLM_DO_STREAM_TIMEOUT);
	if (raw === void 0) return DEFAULT_STREAM_TIMEOUT_SECONDS * 1e3;
	const seconds = Number(raw);
	if (!Number.isFinite(seconds) || seconds <= 0) return new ProjectError("invalid-field", `LLM_DO_STREAM_TIMEOUT must be a number of seconds greater than 0 (e.g. 120), got "${raw}"`);
	return seconds * 1e3;
}
// src/models/select-model.ts
/** Which model a worker runs with (SPEC §4) and whether the worker accepts it. */
/**
* Picks the model id: `--model` → worker/manifest `model` → `LLM_DO_MODEL`. Empty strings count as
* unset. The result is validated with {@link parseModelId}.
*
* @throws ProjectError `no-model` when none is configured, `invalid-field` when the id is malformed.
*/
function selectModelId({ cli, worker, env, workerId }) {
	const chosen = [
		cli,
		worker,
		env.LLM_DO_MODEL
	].map((value) => value?.trim()).find((value) => value !== void 0 && value !== "");
	if (chosen === void 0) throw new ProjectError("no-model", `no model configured for worker ${workerId} (set model: in the worker or project.yaml, pass --model, or set LLM_DO_MODEL)`);
	parseModelId(chosen);
	return chosen;
}
/**
* Checks a worker's `compatible_models` globs (`src/glob`, `/` an ordinary character, matched against the whole
* `provider:model` string; `*` also matches `/` and `:` inside model names, braces list choices). No patterns = any model.
*
* @param displayPath the worker file as the user would type it, used as the error location.
* @throws ProjectError `incompatible-model` naming the model, the worker and the patterns.
*/
function checkCompatibleModel(modelId, patterns, workerId, displayPath) {
	if (patterns === void 0) return;
	const location = {
		file: displayPath,
		field: "compatible_models"
	};
	if (patterns.some((pattern) => compileFieldGlob(pattern, { segmented: false }, location).matches(modelId))) return;
	throw new ProjectError("incompatible-model", `model ${modelId} is not compatible with worker ${workerId}: compatible_models allows ${patterns.map((p) => JSON.stringify(p)).join(", ")}`, location);
}
// src/approval/rules.ts
/**
* Resolves a tool's rule and says where it came from: worker per-tool → worker default → manifest
* per-tool → manifest default → the tool's own default → `ask`.
*/
function explainApprovalRule(input) {
	const { toolName, worker, manifest, toolDefault } = input;
	const fromWorker = ownRule(worker?.tools, toolName) ?? worker?.default;
	if (fromWorker) return {
		rule: fromWorker,
		source: "worker"
	};
	const fromManifest = ownRule(manifest?.tools, toolName) ?? manifest?.default;
	if (fromManifest) return {
		rule: fromManifest,
		source: "manifest"
	};
	if (toolDefault) return {
		rule: toolDefault,
		source: "tool"
	};
	return {
		rule: "ask",
		source: "fallback"
	};
}
/**
* A tool's own default rule: its `defaultRule`, else `needsApproval` (`false` → `preApproved`,
* `true` → `ask`). A function `needsApproval` counts as `ask` here; the toolbox evaluates it per call.
* Undefined when the tool says nothing (resolution then falls back to `ask`).
*/
function toolDefaultRule(tool) {
	if (tool.defaultRule) return tool.defaultRule;
	if (tool.needsApproval === false) return "preApproved";
	if (tool.needsApproval === true || typeof tool.needsApproval === "function") return "ask";
}
const STRICTNESS = {
	preApproved: 0,
	ask: 1,
	blocked: 2
};
/**
* The strictest of `rules` (`blocked` > `ask` > `preApproved`): how a per-call rule and the tool's
* resolved rule combine, so neither can widen the other.
*
* @example
* strictestRule('preApproved', 'ask'); // → 'ask'
*/
function strictestRule(...rules) {
	return rules.reduce((strictest, rule) => STRICTNESS[rule] > STRICTNESS[strictest] ? rule : strictest);
}
function ownRule(tools, toolName) {
	return tools && Object.hasOwn(tools, toolName) ? tools[toolName] : void 0;
}
// src/tools/define-tool.ts
const DEFINED_TOOL = Symbol.for("llm-do.defined-tool");
function defineTool(spec) {
	return Object.freeze({
		...spec,
		[DEFINED_TOOL]: true
	});
}
/** True for a value made by `defineTool` (from any copy of llm-do). */
function isDefinedTool(value) {
	return typeof value === "object" && value !== null && value[DEFINED_TOOL] === true;
}
// src/approval/until-aborted.ts
/** Waiting that gives up as soon as the run is aborted. */
/**
* Resolves like `promise`, or rejects with `AbortedError` as soon as `signal` aborts. It stops the
* waiting, not the work: the runtime waits for that separately before a run ends (runtime/branches.ts).
*/
function untilAborted(promise, signal) {
	if (!signal) return promise;
	if (signal.aborted) {
		promise.catch(() => void 0);
		return Promise.reject(new AbortedError());
	}
	return new Promise((resolve, reject) => {
		const onAbort = () => reject(new AbortedError());
		signal.addEventListener("abort", onAbort, { once: true });
		promise.then((value) => {
			signal.removeEventListener("abort", onAbort);
			resolve(value);
		}, (error) => {
			signal.removeEventListener("abort", onAbort);
			reject(error);
		});
	});
}
// src/tools/json-result.ts
/**
* Serialises `output` once and parses it back: the copy is plain data (no getters, no `toJSON`, no
* prototypes), so what the model, the trace and the events see is the same value. A tool that
* returns nothing (`undefined`) did run, so its result is `null`, not an error.
*/
function toJsonResult(output) {
	if (output === void 0) return {
		ok: true,
		value: null
	};
	let text;
	try {
		text = JSON.stringify(output);
	} catch (error) {
		return {
			ok: false,
			reason: firstLine$1(error)
		};
	}
	if (text === void 0) return {
		ok: false,
		reason: `the tool returned a ${typeof output}`
	};
	return {
		ok: true,
		value: JSON.parse(text)
	};
}
function firstLine$1(error) {
	return (error instanceof Error ? error.message : String(error)).split("\n")[0]?.trim() || "unknown error";
}
// src/tools/toolbox.ts
/**
* The toolbox: the only way to make an executable tool (SPEC §6, §8). Every call of every tool is
* validated, gated by the run's approval controller, and turned into an outcome; nothing a tool
* throws crashes the run, except an abort.
*/
const gatedTools = /* @__PURE__ */ new WeakSet();
/**
* Wraps toolset tools for one worker. Blocked tools are not offered and never run.
* Throws `ProjectError` for two offered tools with one name (`duplicate-tool-name`) or an input
* schema that is not a valid object schema (`schema`).
*/
function createToolbox(options) {
	const { controller, context } = options;
	const byName = /* @__PURE__ */ new Map();
	const blocked = /* @__PURE__ */ new Map();
	for (const tool of options.tools) {
		const resolved = normalizeRule(tool, options.ruleFor(tool));
		if (resolved.rule === "blocked") {
			if (!blocked.has(tool.name)) blocked.set(tool.name, gate(tool, resolved, compileToolSchema(tool.name, tool.inputSchema), controller, context));
			continue;
		}
		const existing = byName.get(tool.name);
		if (existing) throw new ProjectError("duplicate-tool-name", `two tools are named ${tool.name} (from the ${existing.toolset} and ${tool.toolset} toolsets); tool names of a worker must be unique`);
		byName.set(tool.name, gate(tool, resolved, compileToolSchema(tool.name, tool.inputSchema), controller, context));
	}
	return {
		tools: Object.freeze([...byName.values()]),
		get: (name) => byName.get(name) ?? blocked.get(name)
	};
}
/** True only for tools made by `createToolbox`; the runtime refuses to run anything else. */
function isGatedTool(value) {
	return typeof value === "object" && value !== null && gatedTools.has(value);
}
/**
* Both forms of a tool's input schema. Throws `ProjectError('schema')` naming the tool when the
* schema cannot be understood or does not describe an object (providers require one).
*/
function compileToolSchema(toolName, schema) {
	let pair;
	try {
		pair = toSchemaPair(schema);
	} catch (error) {
		throw new ProjectError("schema", `input schema of tool ${toolName} is not a valid zod or JSON Schema: ${messageOf(error)}`, {}, { cause: error });
	}
	if (pair.jsonSchema.type !== "object") {
		const got = pair.jsonSchema.type === void 0 ? "no type" : `type ${JSON.stringify(pair.jsonSchema.type)}`;
		throw new ProjectError("schema", `input schema of tool ${toolName} must describe an object (type "object"), got ${got}`);
	}
	return pair;
}
function normalizeRule(tool, rule) {
	if (typeof rule !== "string") return rule;
	return {
		rule,
		source: rule === toolDefaultRule(tool) ? "tool" : "worker"
	};
}
function gate(tool, resolved, schema, controller, context) {
	const { name, description } = tool;
	const needsApproval = tool.needsApproval;
	const perCall = typeof needsApproval === "function" && !tool.defaultRule && resolved.source === "tool" ? needsApproval : void 0;
	async function run(args, options = {}) {
		const signal = options.signal ? AbortSignal.any([context.signal, options.signal]) : context.signal;
		if (signal.aborted) throw new AbortedError();
		const parsed = validateWith(schema.zod, args);
		if (!parsed.ok) return {
			ok: false,
			error: `invalid arguments for ${name}: ${parsed.errors.join("; ")}`
		};
		let rule = options.note ? strictestRule(resolved.rule, "ask") : resolved.rule;
		try {
			if (tool.callRule) rule = strictestRule(rule, tool.callRule(parsed.value));
			else if (perCall) rule = await untilAborted(Promise.resolve().then(() => perCall(parsed.value)), signal) ? "ask" : "preApproved";
		} catch (error) {
			return failed(error, signal);
		}
		const { callId } = context;
		const { toolCallId, approvalId, note, canPause } = options;
		const request = {
			chain: context.chain,
			toolset: tool.toolset,
			toolName: name,
			args: parsed.value,
			description,
			...callId ? { callId } : {},
			...toolCallId ? { toolCallId } : {},
			...approvalId ? { approvalId } : {},
			...note ? { note } : {},
			...canPause ? { canPause } : {}
		};
		const decision = await controller.authorize(request, rule, signal);
		if (decision.pending) return {
			ok: false,
			error: decision.message,
			pending: decision.pending
		};
		if (!decision.approved) return {
			ok: false,
			error: decision.message,
			denied: true
		};
		if (signal.aborted) throw new AbortedError();
		options.onAllowed?.();
		return executed(() => tool.execute(parsed.value, {
			...context,
			signal,
			...toolCallId ? { toolCallId } : {}
		}), signal);
	}
	function resume(perform, options = {}) {
		const signal = options.signal ? AbortSignal.any([context.signal, options.signal]) : context.signal;
		if (signal.aborted) throw new AbortedError();
		return executed(perform, signal);
	}
	async function executed(perform, signal) {
		let output;
		try {
			output = await untilAborted(Promise.resolve().then(perform), signal);
		} catch (error) {
			return failed(error, signal);
		}
		const result = toJsonResult(output);
		return result.ok ? {
			ok: true,
			output: result.value
		} : {
			ok: false,
			error: `${name}: tool result is not JSON-serialisable: ${result.reason}`
		};
	}
	function failed(error, signal) {
		if (AbortedError.isInstance(error) || CallPaused.isInstance(error) || RunError.isInstance(error) && error.code === "aborted-by-user") throw error;
		if (signal.aborted) throw new AbortedError();
		return {
			ok: false,
			error: `${name} failed: ${messageOf(error)}`
		};
	}
	const gated = Object.freeze({
		name,
		description,
		inputSchema: schema.jsonSchema,
		rule: resolved.rule,
		toolset: tool.toolset,
		idempotent: tool.idempotent === true,
		run,
		resume
	});
	gatedTools.add(gated);
	return gated;
}
function messageOf(error) {
	if (error instanceof Error) return error.message || error.name;
	if (typeof error === "string") return error;
	try {
		return JSON.stringify(error) ?? String(error);
	} catch {
		return String(error);
	}
}
// src/tools/custom.ts
/**
* The `custom` toolset (SPEC §6): tools from TS/JS modules loaded at run time without a build step.
* A module may export, in any mix: `defineTool(...)` values; a plain function `foo` plus `fooSchema`
* (zod schema, zod shape object or JSON Schema; description from the schema); `register(registry)`.
*/
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const NO_TOOLS = "tool module exports no tools (expected defineTool values, a function with a matching <name>Schema, or register())";
/**
* Loads one tool module and returns its tools, checked. Throws `ProjectError` naming the file when it
* fails to load, exports no tools, or exports a malformed tool.
*/
async function loadToolModule(ref) {
	let namespace;
	try {
		namespace = await importModule(ref.hostPath);
	} catch (error) {
		throw moduleError(ref, `tool module failed to load: ${firstLine(error)}`, error);
	}
	const tools = /* @__PURE__ */ new Map();
	const add = (spec, name, where) => {
		const tool = checkTool(ref, spec, name, where);
		const earlier = tools.get(tool.name);
		if (earlier) throw new ProjectError("duplicate-tool-name", `tool ${tool.name} is defined twice (${earlier.where} and ${where})`, { file: ref.displayPath });
		tools.set(tool.name, {
			tool,
			where
		});
	};
	for (const [exportName, value] of Object.entries(namespace)) if (isDefinedTool(value)) {
		if (value.name === void 0 && exportName === "default") throw moduleError(ref, "the default export is a defineTool without a name; give it a name or export it under one");
		add(value, value.name ?? exportName, `export ${exportName}`);
	} else if (typeof value === "function" && exportName !== "register" && Object.hasOwn(namespace, `${exportName}Schema`)) add(functionTool(ref, value, namespace[`${exportName}Schema`], exportName), exportName, `function ${exportName}`);
	if (typeof namespace.register === "function") {
		const registry = {
			add: (spec) => add(spec, spec?.name, "register()"),
			tool: (name, spec) => add(spec, name, "register()")
		};
		try {
			await namespace.register(registry);
		} catch (error) {
			if (ProjectError.isInstance(error)) throw error;
			throw moduleError(ref, `register() failed: ${firstLine(error)}`, error);
		}
	}
	if (tools.size === 0) throw moduleError(ref, NO_TOOLS);
	return [...tools.values()].map((entry) => entry.tool);
}
/**
* Loads the custom tools a worker may use, in module order, then export-name order, then `register()`
* order. Worker-local modules win on a name clash (the earlier module wins); with `config.tools`,
* only the listed tools (names or globs) are offered, in that order (a listed name no module
* defines is an error naming the available ones). A boolean `needsApproval` becomes the tool's `defaultRule`.
*/
async function createCustomToolset(options) {
	const loaded = await Promise.all(options.modules.map((ref) => loadToolModule(ref)));
	const available = /* @__PURE__ */ new Map();
	for (const tool of loaded.flat()) if (!available.has(tool.name)) available.set(tool.name, tool);
	return selectTools(options.config.tools, available).map((tool) => {
		const defaultRule = typeof tool.needsApproval === "boolean" ? toolDefaultRule(tool) : void 0;
		return {
			...tool,
			toolset: "custom",
			...defaultRule ? { defaultRule } : {}
		};
	});
}
/**
* The tools `toolsets.custom.tools` selects, in its order: a name must exist (an error names the
* available ones); a glob (`search_*`, the engine of `src/glob`) adds every match.
*/
function selectTools(entries, available) {
	if (entries === void 0) return [...available.values()];
	const selected = /* @__PURE__ */ new Map();
	const location = { field: "toolsets.custom.tools" };
	for (const entry of entries) {
		if (isGlob(entry)) {
			const glob = compileFieldGlob(entry, { segmented: false }, location);
			for (const [name, tool] of available) if (glob.matches(name)) selected.set(name, tool);
			continue;
		}
		const tool = available.get(entry);
		if (!tool) {
			const names = available.size > 0 ? [...available.keys()].sort().join(", ") : "none (no tool module was found)";
			throw new ProjectError("invalid-field", `custom tool ${entry} listed in toolsets.custom.tools does not exist; available: ${names}`, location);
		}
		selected.set(entry, tool);
	}
	return [...selected.values()];
}
/** `foo` + `fooSchema` → a tool spec; the description comes from the schema. */
function functionTool(ref, fn, schema, exportName) {
	const inputSchema = isZodShape(schema) ? object(schema) : schema;
	if (!isZodSchema(inputSchema) && !isPlainObject(inputSchema)) throw moduleError(ref, `${exportName}Schema must be a zod schema or a JSON Schema object`);
	const description = inputSchema.description;
	return {
		description: typeof description === "string" ? description : "",
		inputSchema,
		execute: (args, context) => fn(args, context)
	};
}
/** Checks one tool and returns it as a plain definition. */
function checkTool(ref, spec, name, where) {
	if (!isPlainObject(spec)) throw moduleError(ref, `${where} gave a tool that is not an object`);
	if (typeof name !== "string" || !TOOL_NAME.test(name)) throw moduleError(ref, `tool name ${typeof name === "string" ? `"${name}"` : "missing"} (${where}) is not valid; use 1-64 letters, digits, _ or -`);
	const { description, inputSchema, execute, needsApproval, idempotent } = spec;
	if (typeof description !== "string") throw moduleError(ref, `tool ${name} needs a description (a string)`);
	if (typeof execute !== "function") throw moduleError(ref, `tool ${name} needs an execute function`);
	if (needsApproval !== void 0 && typeof needsApproval !== "boolean" && typeof needsApproval !== "function") throw moduleError(ref, `needsApproval of tool ${name} must be true, false or a function`);
	if (idempotent !== void 0 && typeof idempotent !== "boolean") throw moduleError(ref, `idempotent of tool ${name} must be true or false`);
	if (inputSchema === void 0 || inputSchema === null) throw moduleError(ref, `tool ${name} needs an inputSchema (a zod schema or a JSON Schema object)`);
	try {
		compileToolSchema(name, inputSchema);
	} catch (error) {
		if (!ProjectError.isInstance(error)) throw error;
		throw new ProjectError("schema", error.detail, { file: ref.displayPath }, { cause: error });
	}
	return {
		name,
		description,
		inputSchema,
		execute,
		...needsApproval === void 0 ? {} : { needsApproval },
		...idempotent === void 0 ? {} : { idempotent }
	};
}
function isPlainObject(value) {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
/** `{ name: z.string() }`: an object whose every value is a zod schema. */
function isZodShape(value) {
	if (!isPlainObject(value) || isZodSchema(value)) return false;
	const values = Object.values(value);
	return values.length > 0 && values.every(isZodSchema);
}
function moduleError(ref, detail, cause) {
	return new ProjectError("tool-module", detail, { file: ref.displayPath }, cause === void 0 ? void 0 : { cause });
}
/** The first line of an error's message: no stack traces for users. */
function firstLine(error) {
	return (error instanceof Error ? error.message : String(error)).split("\n")[0]?.trim() || "unknown error";
}
// src/worker/template-variables.ts
/**
* Which names a worker's instructions see (SPEC §10): llm-do's globals, and the fields `schema_in`
* declares. Input can never replace a global: undeclared input fields stay inside `input`, and a
* `schema_in` declaring a field named like a global is a configuration error.
*/
/** Variables and functions every template has: `input`, `worker`, `project`, `file()`, `range()`, `cycler()`, `joiner()`. */
const TEMPLATE_GLOBALS = [
	"input",
	"worker",
	"project",
	"file",
	"range",
	"cycler",
	"joiner"
];
/** The top-level fields a schema declares (its `properties`): the input fields that become template variables. */
function declaredFields(schema) {
	const properties = schema.jsonSchema.properties;
	return typeof properties === "object" && properties !== null && !Array.isArray(properties) ? Object.keys(properties) : [];
}
/**
* Throws ProjectError `schema` naming the field when `schema_in` declares a field that would shadow a
* template global (or is a name templates may not use).
*/
function checkTemplateFields(schema, displayPath) {
	const clash = declaredFields(schema).find((name) => TEMPLATE_GLOBALS.includes(name) || isForbiddenName(name));
	if (clash === void 0) return;
	const why = isForbiddenName(clash) ? "a name templates may not use" : "the name of a template global";
	throw new ProjectError("schema", `schema_in declares the field "${clash}", ${why} (${TEMPLATE_GLOBALS.join(", ")}); rename the field`, {
		file: displayPath,
		field: `schema_in.properties.${clash}`
	});
}
/** Template variables of one call: the declared `schema_in` fields present in `value`, then the globals (which win). */
function templateVariables(schema, value, globals) {
	const variables = Object.create(null);
	if (schema && typeof value === "object") {
		for (const name of declaredFields(schema)) if (Object.hasOwn(value, name)) variables[name] = value[name];
	}
	return Object.assign(variables, {
		input: value,
		...globals
	});
}
/**
* `reports/summarizer` → `reports__summarizer`, `utils:summarizer` → `utils__summarizer`: `/` and `:`
* become `__`, any other character outside `[A-Za-z0-9_-]` becomes `_`, cut to 64 characters.
*/
function toolNameForWorker(id) {
	return id.replace(/[/:]/g, "__").replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);
}
// src/project/worker-plan.ts
/**
* The one preparation path of a worker (SPEC §15): `check` and `run` both plan a worker here, so
* whatever `check` accepts `run` accepts, and they report the same problems before the first
* request. Planning runs no project code: model choice, its provider and `compatible_models` (API
* keys are a run's business: `check` may run elsewhere), sandbox mounts, schema refs (JSON files
* read, module refs only located), templates (parsed, included files found, forbidden names
* refused), tool modules (found and policy-checked, not imported) and `allowed_workers` (expanded,
* tool names distinct). {@link importPlannedCode} then runs the code a
* plan names: `run` always, `check` only with `--import-tools`.
*/
/** Host root of the worker's project, library or built-in workers: relative schema and template paths resolve against it. */
function rootOf(project, worker) {
	if (worker.library) return worker.library.root;
	if (worker.builtin && project.options.builtinWorkersDir) return posix.resolve(project.options.builtinWorkersDir);
	return project.root;
}
async function attempt(work) {
	try {
		return {
			value: await work(),
			problems: []
		};
	} catch (error) {
		if (!ProjectError.isInstance(error)) throw error;
		return {
			value: void 0,
			problems: error.problems
		};
	}
}
/** Plans `definition`, collecting every problem (in a fixed order) rather than stopping at the first. */
async function planWorker(project, definition, options) {
	const { config } = definition;
	const warnings = [];
	const renderer = createTemplateRenderer({
		fs: project.fs,
		projectRoot: rootOf(project, definition),
		...project.templateDirs(definition),
		allowedRoots: [project.root, ...project.libraries.map((library) => library.root)]
	});
	const [model, mounts, schemaIn, schemaOut, template, toolModules, allowedWorkers, ...imports] = await Promise.all([
		attempt(() => {
			const id = selectModelId({
				cli: options.modelOverride,
				worker: config.model,
				env: options.env,
				workerId: definition.id
			});
			checkCompatibleModel(id, config.compatible_models, definition.id, definition.displayPath);
			assertKnownProvider(id, definition.id, project.manifest?.providers);
			return id;
		}),
		attempt(() => resolveMounts({
			projectRoot: project.root,
			config: config.sandbox,
			grants: options.grants ?? [],
			displayPath: definition.displayPath
		})),
		attempt(() => locateSchema(project, definition, "schema_in")),
		attempt(() => locateSchema(project, definition, "schema_out")),
		attempt(() => renderer.check(definition.instructions, definition.instructionsFile, { lineOffset: definition.instructionsLineOffset })),
		attempt(() => plannedToolModules(project, definition)),
		attempt(() => plannedAllowedWorkers(project, definition, warnings)),
		...(config.imports?.workers ?? []).map((ref) => attempt(() => project.loadWorker(ref, definition)))
	]);
	const problems = [
		model,
		mounts,
		schemaIn,
		schemaOut,
		template,
		toolModules,
		allowedWorkers,
		...imports
	].flatMap((step) => step.problems);
	const schemas = {};
	if (schemaIn.value) schemas.schema_in = schemaIn.value;
	if (schemaOut.value) schemas.schema_out = schemaOut.value;
	return {
		plan: {
			definition,
			modelId: model.value,
			schemas,
			renderer,
			toolModules: toolModules.value ?? [],
			allowedWorkers: allowedWorkers.value ?? []
		},
		problems,
		warnings
	};
}
/** The schema options of one field of `definition`. */
function schemaOptions(project, definition, field) {
	return {
		fs: project.fs,
		projectRoot: rootOf(project, definition),
		displayPath: definition.displayPath,
		field
	};
}
/** A schema field's ref, located (undefined when the field is absent); a `schema_in` may not shadow template globals. */
async function locateSchema(project, definition, field) {
	const ref = definition.config[field];
	if (ref === void 0) return void 0;
	const located = await locateSchemaRef(ref, schemaOptions(project, definition, field));
	if (field === "schema_in" && "schema" in located) checkTemplateFields(located.schema, definition.displayPath);
	return located;
}
/** The custom toolset's modules (none without the toolset) and well-formed `tools:` patterns. */
async function plannedToolModules(project, definition) {
	const custom = definition.config.toolsets?.custom || void 0;
	if (!custom) return [];
	const problems = [];
	for (const pattern of custom.tools ?? []) try {
		compileFieldGlob(pattern, { segmented: false }, {
			file: definition.displayPath,
			field: "toolsets.custom.tools"
		});
	} catch (error) {
		if (!ProjectError.isInstance(error)) throw error;
		problems.push(error);
	}
	const inspection = await project.inspectToolModules(definition);
	problems.push(...inspection.problems.flatMap((problem) => problem.problems));
	if (problems.length > 0) throw new ProjectError(problems[0].code, problems[0].detail, problems[0].location, { problems });
	return inspection.modules;
}
/** `allowed_workers` expanded; each pattern's problem is reported, and two callees may not share a tool name. */
async function plannedAllowedWorkers(project, definition, warnings) {
	const workers = definition.config.toolsets?.workers || void 0;
	const location = {
		file: definition.displayPath,
		field: "toolsets.workers.allowed_workers"
	};
	const expanded = await Promise.all((workers?.allowed_workers ?? []).map(async (pattern) => {
		const step = await attempt(() => project.expandAllowedWorkers([pattern], definition));
		const unmatched = step.value?.length === 0 && isGlob(pattern);
		return {
			...step,
			warning: unmatched ? new ProjectError("invalid-field", `allowed_workers pattern ${pattern} matches no worker`, location) : void 0
		};
	}));
	warnings.push(...expanded.flatMap((step) => step.warning ? [step.warning] : []));
	const problems = expanded.flatMap((step) => step.problems);
	const callees = [...new Map(expanded.flatMap((step) => step.value ?? []).map((callee) => [callee.id, callee])).values()];
	const byToolName = /* @__PURE__ */ new Map();
	for (const callee of callees) {
		const name = toolNameForWorker(callee.id);
		const other = byToolName.get(name);
		if (other !== void 0) problems.push(new ProjectError("invalid-field", `allowed workers ${other} and ${callee.id} both become the tool name ${name}; rename one of them`, location));
		byToolName.set(name, callee.id);
	}
	if (problems.length > 0) throw new ProjectError(problems[0].code, problems[0].detail, problems[0].location, { problems });
	return callees;
}
/**
* Runs the project code a plan names: imports schema modules and tool modules. Refuses a schema
* module when the project was opened with `importTools: false` (`--no-import-tools`).
*/
async function importPlannedCode(project, plan) {
	const { definition } = plan;
	const schema = async (field) => {
		const located = plan.schemas[field];
		if (located === void 0) return void 0;
		if ("schema" in located) return located.schema;
		if (project.options.importTools === false) throw new ProjectError("schema", `${field} "${located.module.ref}" is a TS/JS module, and --no-import-tools runs no project code; use a JSON Schema file (schemas/NAME.json) or an inline schema, or drop --no-import-tools`, {
			file: definition.displayPath,
			field
		});
		const resolved = await importSchemaModule(located.module, schemaOptions(project, definition, field));
		if (field === "schema_in") checkTemplateFields(resolved, definition.displayPath);
		return resolved;
	};
	const custom = definition.config.toolsets?.custom || void 0;
	const [schemaIn, schemaOut, customTools] = await Promise.all([
		schema("schema_in"),
		schema("schema_out"),
		custom && project.options.importTools !== false ? createCustomToolset({
			modules: plan.toolModules,
			config: custom
		}) : []
	]);
	return {
		schemaIn,
		schemaOut,
		customTools
	};
}
export { createToolbox as a, defineTool as c, createModelRegistry as d, StreamTimeoutError as f, templateVariables as i, explainApprovalRule as l, planWorker as n, isGatedTool as o, toolNameForWorker as r, untilAborted as s, importPlannedCode as t, toolDefaultRule as u };
