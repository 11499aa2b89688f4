import { t as VERSION } from "./version-2iKj9RfF.js";
import { u as UsageError } from "./errors-C1ynlXzT.js";
import { i as printError, o as writeOutput, s as escapeTerminalText } from "./exit-codes-DFAtt0Sv.js";
import { a as isFancyTerminal, i as createStyle, o as createCallLabels, r as shorten, t as createProgressRenderer } from "./progress-MB0eMax-.js";
import { t as renderArguments } from "./diff-view-BQvhCzZo.js";
import { createInterface } from "node:readline/promises";
import { open } from "node:fs/promises";
// src/cli/answer-stream.ts
function createAnswerStream(io, display) {
	let streamed = false;
	let replying = false;
	let atLineStart = true;
	const end = () => {
		if (!replying) return;
		replying = false;
		if (!atLineStart) writeOutput(io, "\n");
		atLineStart = true;
		display.resume();
	};
	return {
		onEvent(event) {
			if (event.type === "text_delta" && event.parent_call_id === null) {
				if (!replying) display.pause();
				replying = true;
				writeOutput(io, event.text);
				atLineStart = event.text.endsWith("\n");
				streamed = true;
				return;
			}
			if (event.type === "tool_call" || event.type === "model_request" || event.type === "run_end") end();
			display.onEvent(event);
		},
		end,
		get streamed() {
			return streamed;
		},
		reset() {
			streamed = false;
		}
	};
}
// src/cli/status-line.ts
const FRAMES = [
	"⠋",
	"⠙",
	"⠹",
	"⠸",
	"⠼",
	"⠴",
	"⠦",
	"⠧",
	"⠇",
	"⠏"
];
const CLEAR = "\r\x1B[2K";
function elapsed(ms) {
	return ms < 1e3 ? "" : ` ${(ms / 1e3).toFixed(0)}s`;
}
/** Starts a status line on `stream` (a terminal). */
function createStatusLine(options) {
	const { stream, style, intervalMs = 80, minRedrawMs = 50, now = Date.now } = options;
	let text = "";
	let since = now();
	let frame = 0;
	let shown = false;
	let paused = 0;
	let stopped = false;
	let timer;
	let drawnAt = -Infinity;
	const erase = () => {
		if (shown) stream.write(CLEAR);
		shown = false;
	};
	const draw = () => {
		if (stopped || paused > 0 || !text) return;
		const width = Math.max(20, (stream.columns ?? 80) - 1);
		const body = `${FRAMES[frame % FRAMES.length]} ${escapeTerminalText(text).replace(/\s+/g, " ")}${elapsed(now() - since)}`;
		const line = [...body].length > width ? `${[...body].slice(0, width - 1).join("")}…` : body;
		stream.write(`${CLEAR}${style.dim(line)}`);
		shown = true;
		drawnAt = now();
	};
	/** Draws unless the line is showing and was drawn less than `minRedrawMs` ago (the next tick catches up). */
	const drawThrottled = () => {
		if (!shown || now() - drawnAt >= minRedrawMs) draw();
	};
	const tick = () => {
		frame += 1;
		drawThrottled();
	};
	return {
		update(next, start) {
			if (stopped) return;
			if (!next) {
				text = "";
				erase();
				return;
			}
			if (next !== text || start !== void 0) since = start ?? now();
			text = next;
			timer ??= setInterval(tick, intervalMs);
			timer.unref?.();
			drawThrottled();
		},
		print(permanent) {
			erase();
			stream.write(permanent);
			draw();
		},
		pause() {
			paused += 1;
			erase();
		},
		resume() {
			paused = Math.max(0, paused - 1);
			draw();
		},
		stop() {
			erase();
			stopped = true;
			if (timer) clearInterval(timer);
			timer = void 0;
		}
	};
}
// src/cli/progress-display.ts
/** Creates the display for the `--quiet` / `--verbose` flags. */
function createProgressDisplay(io, flags, options = {}) {
	const labels = createCallLabels();
	const callLabel = (callId, worker) => labels.of(callId, worker);
	const nothing = () => void 0;
	if (flags.quiet) return {
		onEvent: (event) => labels.observe(event),
		pause: nothing,
		resume: nothing,
		clear: nothing,
		stop: nothing,
		callLabel
	};
	const fancy = isFancyTerminal(io.stderr, io.env);
	const style = createStyle(fancy);
	const status = fancy ? createStatusLine({
		stream: io.stderr,
		style
	}) : void 0;
	const print = status ? (text) => status.print(text) : (text) => void io.stderr.write(text);
	let paused = 0;
	let held = [];
	const flush = () => {
		if (held.length === 0) return;
		const text = held.join("");
		held = [];
		print(text);
	};
	return {
		onEvent: createProgressRenderer({
			write: (text) => paused > 0 ? held.push(text) : print(text),
			verbose: Boolean(flags.verbose),
			...options,
			style,
			labels,
			...status ? { status } : {}
		}),
		pause: () => {
			paused += 1;
			status?.pause();
		},
		resume: () => {
			paused = Math.max(0, paused - 1);
			if (paused === 0) flush();
			status?.resume();
		},
		clear: () => status?.update(""),
		stop: () => {
			paused = 0;
			flush();
			status?.stop();
		},
		callLabel
	};
}
// src/telemetry/endpoint.ts
/**
* Whether telemetry is on, and where spans go: `--otel URL` (or `endpoint`), else the standard
* `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (the traces URL as is), else `OTEL_EXPORTER_OTLP_ENDPOINT`
* (a base URL, `/v1/traces` appended). Loads nothing of OpenTelemetry, so a caller can decide cheaply.
*/
/**
* @param endpoint the `--otel` value: a base URL like `OTEL_EXPORTER_OTLP_ENDPOINT`
* @returns undefined when telemetry is off
* @throws UsageError naming `--otel` or the variable, for a value that is not an http(s) URL
*/
function telemetrySettings(endpoint, env) {
	const url = endpoint !== void 0 ? tracesUrl(endpoint, "--otel") : env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ? parseHttpUrl(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT").href : env.OTEL_EXPORTER_OTLP_ENDPOINT ? tracesUrl(env.OTEL_EXPORTER_OTLP_ENDPOINT, "OTEL_EXPORTER_OTLP_ENDPOINT") : void 0;
	if (url === void 0) return void 0;
	return {
		url,
		content: contentFlag(env.LLM_DO_OTEL_CONTENT)
	};
}
/** A base endpoint's traces URL, as the OTLP exporter specification builds it. */
function tracesUrl(base, source) {
	const url = parseHttpUrl(base, source);
	url.pathname = `${url.pathname.replace(/\/+$/, "")}/v1/traces`;
	return url.href;
}
function parseHttpUrl(value, source) {
	let url;
	try {
		url = new URL(value);
	} catch {
		url = void 0;
	}
	if (!url || url.protocol !== "http:" && url.protocol !== "https:") throw new UsageError(`${source} expects the http:// or https:// URL of an OTLP/HTTP collector, e.g. http://localhost:4318; got ${JSON.stringify(value)}`);
	return url;
}
function contentFlag(value) {
	if (value === void 0 || value === "" || value === "0") return false;
	if (value === "1") return true;
	throw new UsageError(`LLM_DO_OTEL_CONTENT expects 1 (export prompts, tool arguments and results) or 0, got ${JSON.stringify(value)}`);
}
// src/cli/telemetry-option.ts
/** Starts the export the flags or environment ask for; undefined when telemetry is off. */
async function openTelemetry(flags, io) {
	const settings = telemetrySettings(flags.otel, io.env);
	if (!settings) return void 0;
	const { startOtlpTelemetry } = await import("./otlp-export-Cb3BqQCT.js");
	const telemetry = startOtlpTelemetry({
		...settings,
		serviceVersion: VERSION,
		onExportError: (message) => printError(io, `llm-do: warning: telemetry: ${message} (the run is not affected)`)
	});
	return {
		attach: telemetry.attach,
		close: telemetry.shutdown
	};
}
// src/cli/terminal-prompter.ts
/**
* Asks the person at the terminal to approve a tool call (SPEC §8, §15): shows the worker chain, the
* tool, its description and the exact arguments (edits as a diff, written files numbered, everything
* escaped), and reads one of a/s/t/d/q, plus p ("always, in this project") where grants can be kept.
* When a very long value had to be cut, the prompt says so and
* `v` prints every argument whole before asking again. An empty line (accidental Enter) or anything
* else asks again rather than choosing; `d` then asks for an optional reason, which reaches the model.
*/
const SESSION_CHOICES = [
	["a", "approve once"],
	["s", "this call for the session"],
	["t", "this tool for the session"]
];
const PROJECT_GRANT = ["p", "always, in this project"];
const DENY = ["d", "deny"];
const QUIT = ["q", "quit"];
const VIEW_ALL = ["v", "view the full arguments"];
/** The answers a prompt offers: `p` only where grants can be kept, `q` worded as what it ends. */
function choicesOf(options) {
	const quit = options.quitLabel ? ["q", options.quitLabel] : QUIT;
	return [
		...SESSION_CHOICES,
		...options.projectGrants ? [PROJECT_GRANT] : [],
		DENY,
		quit
	];
}
/** The chain as the prompt shows it: `main › reviewer#2` when that call is one of several. */
function chainOf(request, callLabel) {
	const worker = request.chain.at(-1);
	if (!callLabel || request.callId === void 0 || worker === void 0) return request.chain.join(" › ");
	return [...request.chain.slice(0, -1), callLabel(request.callId, worker)].join(" › ");
}
/** Renders the approval request as the lines shown above the question; `full` cuts no argument. */
function describeRequest(request, style = createStyle(false), width = 100, full = false, callLabel, offered = choicesOf({})) {
	const description = shorten(request.description.split("\n")[0] ?? "", false, width);
	const chain = escapeTerminalText(chainOf(request, callLabel));
	const args = renderArguments(request.toolName, request.args, {
		style,
		full
	});
	const choices = args.cut ? [...offered, VIEW_ALL] : offered;
	return {
		text: [
			"",
			`${style.yellow("approval needed")} · ${style.bold(chain)} wants to run ${style.bold(escapeTerminalText(request.toolName))}`,
			...description ? [`  ${style.dim(description)}`] : [],
			...request.note ? [`  ${style.yellow(`note: ${escapeTerminalText(request.note)}`)}`] : [],
			...args.lines,
			choices.map(([key, label]) => `[${style.bold(key)}] ${label}`).join("  ")
		].join("\n"),
		cut: args.cut
	};
}
/** Reads lines from `input` with a private readline interface, closed after each prompt. */
function ownQuestion(input, output) {
	return async (query, signal) => {
		const rl = createInterface({
			input,
			output,
			terminal: false
		});
		try {
			return await rl.question(query, signal ? { signal } : {});
		} finally {
			rl.close();
		}
	};
}
/** A prompter reading answers from `input` and writing the request to `output`. */
function createTerminalPrompter(input, output, options = {}) {
	const ask = options.question ?? ownQuestion(input, output);
	const style = options.style ?? createStyle(false);
	const offered = choicesOf(options);
	return { async ask(request, signal) {
		options.display?.pause();
		try {
			const columns = output.columns ?? 100;
			const width = Math.max(40, columns - 4);
			const callLabel = options.display?.callLabel;
			const view = describeRequest(request, style, width, false, callLabel, offered);
			output.write(`${view.text}\n`);
			const keys = [...offered, ...view.cut ? [VIEW_ALL] : []].map(([key]) => key).join(", ");
			while (true) {
				const typed = (await ask("choice> ", signal)).trim().toLowerCase();
				const parsed = typed === "p" && !options.projectGrants ? void 0 : parseAnswer(typed);
				if (parsed === "deny") {
					const reason = (await ask("reason (optional, Enter to skip)> ", signal)).trim();
					return reason ? {
						action: "deny",
						reason
					} : { action: "deny" };
				}
				if (parsed === "view") output.write(`${describeRequest(request, style, width, true, callLabel, offered).text}\n`);
				else if (parsed) return parsed;
				else output.write(`please type one of ${keys} and press Enter\n`);
			}
		} finally {
			options.display?.resume();
		}
	} };
}
function parseAnswer(answer) {
	switch (answer) {
		case "a": return { action: "approve_once" };
		case "s": return { action: "approve_call" };
		case "t": return { action: "approve_tool" };
		case "p": return { action: "approve_project" };
		case "d": return "deny";
		case "q": return { action: "abort" };
		case "v": return "view";
		default: return;
	}
}
// src/cli/trace-writer.ts
/**
* `--trace FILE`: every run event as one JSON object per line, written as it happens. It is a
* lossless subscriber of the run's bus, so it sees every event in `seq` order; `text_delta` (the text
* is in `model_step`) and `model_prompt` (the full prompts, kept by the run store) are left out, which
* keeps a trace small however much is streamed or sent.
*/
/**
* Opens (creates or empties) the trace file now, so an unwritable path is a usage error before any
* model request rather than a failure found at the end of the run.
*/
async function openTraceWriter(path) {
	let handle;
	try {
		handle = await open(path, "w");
	} catch (error) {
		throw new UsageError(`--trace: cannot write the trace file ${path} (${error.message.split(",")[0]}); give a path in a writable directory`);
	}
	const stream = handle.createWriteStream();
	let failure;
	stream.on("error", (error) => failure ??= error);
	const write = (event) => {
		if (!failure) stream.write(`${JSON.stringify(event)}\n`);
	};
	return {
		attach: (bus) => void bus.subscribe(write, {
			lossless: true,
			drop: ["text_delta", "model_prompt"]
		}),
		close() {
			return new Promise((resolve, reject) => stream.end(() => failure ? reject(failure) : resolve()));
		}
	};
}
export { createAnswerStream as a, createProgressDisplay as i, createTerminalPrompter as n, openTelemetry as r, openTraceWriter as t };
