import { s as escapeTerminalText } from "./exit-codes-DFAtt0Sv.js";
import { styleText } from "node:util";
// src/cli/call-labels.ts
function createCallLabels() {
	const calls = /* @__PURE__ */ new Map();
	const started = /* @__PURE__ */ new Map();
	const active = /* @__PURE__ */ new Map();
	const activeOf = (worker) => active.get(worker) ?? 0;
	/** Whether `ancestor` is `callId` or one of the calls it was delegated from. */
	const descends = (callId, ancestor) => {
		for (let id = callId; id; id = calls.get(id)?.parent) if (id === ancestor) return true;
		return false;
	};
	return {
		observe(event) {
			if (event.type === "run_start" || event.type === "delegation_start") {
				const ordinal = (started.get(event.worker) ?? 0) + 1;
				started.set(event.worker, ordinal);
				active.set(event.worker, activeOf(event.worker) + 1);
				calls.set(event.call_id, {
					worker: event.worker,
					ordinal,
					parent: event.parent_call_id
				});
			} else if (event.type === "delegation_end" || event.type === "run_end") {
				const call = calls.get(event.call_id);
				if (!call) return;
				calls.delete(event.call_id);
				active.set(call.worker, activeOf(call.worker) - 1);
			}
		},
		of(callId, worker) {
			const call = calls.get(callId);
			if (!call || activeOf(worker) <= 1) return worker;
			return `${worker}#${call.ordinal}`;
		},
		concurrent(callId) {
			if (!calls.has(callId)) return false;
			for (const other of calls.keys()) if (!descends(callId, other) && !descends(other, callId)) return true;
			return false;
		}
	};
}
// src/cli/style.ts
/**
* Terminal colors for stderr, with `node:util` `styleText`: on only when the stream is a terminal,
* `NO_COLOR` is unset (or empty) and `TERM` is not `dumb`; otherwise every function returns its text.
*/
/** Whether colors (and other terminal-only output such as the status line) suit `stream`. */
function isFancyTerminal(stream, env) {
	return Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== "dumb";
}
/** Styles for a stream: colored when `enabled`, plain otherwise. */
function createStyle(enabled) {
	const paint = (format) => (text) => enabled ? styleText(format, text, { validateStream: false }) : text;
	return {
		enabled,
		dim: paint("dim"),
		bold: paint("bold"),
		green: paint("green"),
		red: paint("red"),
		yellow: paint("yellow"),
		cyan: paint("cyan")
	};
}
// src/cli/progress.ts
const MAX_ARGS = 80;
const MAX_TEXT = 200;
/** One-line, shortened JSON of a value (full with `verbose`), escaped for the terminal. */
function shorten(value, verbose, max = MAX_ARGS) {
	const flat = (typeof value === "string" ? value : JSON.stringify(value) ?? "undefined").replace(/\s+/g, " ").trim();
	return escapeTerminalText(verbose || flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`);
}
/** `812ms`, `1.2s`. */
function formatDuration(ms) {
	return ms < 1e3 ? `${ms}ms` : `${(ms / 1e3).toFixed(1)}s`;
}
/**
* `1200 in (800 cached) / 300 out tokens · $0.0123`, or `… · cost unknown` (naming the unpriced
* models when `explain`d): an unknown price is never shown as $0 (SPEC §16).
*/
function formatUsage(usage, explain = false) {
	const cached = usage.cache_read_tokens > 0 ? ` (${usage.cache_read_tokens} cached)` : "";
	const unknown = explain ? `cost unknown (no price for ${usage.unpriced_models.map(escapeTerminalText).join(", ")})` : "cost unknown";
	const cost = usage.cost_usd === null ? unknown : `$${usage.cost_usd.toFixed(4)}`;
	return `${usage.input_tokens} in${cached} / ${usage.output_tokens} out tokens · ${cost}`;
}
/** Indentation of a worker's header line (`▸ a`), two spaces per delegation level. */
function headerPad(chain) {
	return "  ".repeat(Math.max(0, chain.length - 1));
}
/** Indentation of the lines inside a worker (text, tool calls): one level below its header. */
function bodyPad(chain) {
	return `${headerPad(chain)}  `;
}
/** How much of the live text the status line keeps: redrawing never touches more, however long the answer. */
const LIVE_TAIL = 400;
const emptyStepText = () => ({ tail: "" });
/** Returns an event listener that renders progress. */
function createProgressRenderer(options) {
	const { verbose, status, conversation = false, style = createStyle(false), labels = createCallLabels() } = options;
	const entryTextElsewhere = conversation || Boolean(options.entryTextOnStdout);
	const { write } = options;
	const interrupted = options.interrupted ?? (() => false);
	const interruptedMark = style.yellow("⊘ interrupted");
	const pending = /* @__PURE__ */ new Map();
	const stepText = /* @__PURE__ */ new Map();
	let steps = 0;
	let started = false;
	let stepSince = Date.now();
	const toolKey = (callId, toolCallId) => `${callId}\u0000${toolCallId}`;
	/** Where a line of `event`'s call goes: indentation, then the call's name while calls run in parallel. */
	const body = (event) => {
		const label = labels.concurrent(event.call_id) ? style.dim(`${escapeTerminalText(labels.of(event.call_id, event.worker))} `) : "";
		return `${bodyPad(event.chain)}${label}`;
	};
	const printText = (event, text) => {
		const said = text.trim();
		if (!said || entryTextElsewhere && event.parent_call_id === null) return;
		const lines = verbose ? escapeTerminalText(said).split("\n") : [shorten(said, false, MAX_TEXT)];
		write(lines.map((line) => `${body(event)}${style.dim(`» ${line}`)}\n`).join(""));
	};
	const header = (event, model, input) => {
		const shown = input === void 0 || input === "" ? "" : `  ${style.dim(shorten(input, verbose, 60))}`;
		write(`${headerPad(event.chain)}${style.cyan("▸")} ${style.bold(escapeTerminalText(labels.of(event.call_id, event.worker)))} ${style.dim(`· ${escapeTerminalText(model)}`)}${shown}\n`);
	};
	const render = (event) => {
		switch (event.type) {
			case "run_start":
				started = true;
				if (!conversation) header(event, event.model);
				status?.update(`${labels.of(event.call_id, event.worker)} · waiting for the model`);
				break;
			case "run_resumed":
				started = true;
				write(`${style.cyan("↻")} resumed ${style.bold(escapeTerminalText(labels.of(event.call_id, event.worker)))} ${style.dim(`· ${event.decisions} decision${event.decisions === 1 ? "" : "s"} recorded`)}\n`);
				break;
			case "model_request":
				stepSince = Date.now();
				stepText.set(event.call_id, emptyStepText());
				if (verbose) write(`${body(event)}${style.dim(`· step ${event.step} · ${escapeTerminalText(event.model)}`)}\n`);
				status?.update(`${labels.of(event.call_id, event.worker)} · waiting for the model`, stepSince);
				break;
			case "text_delta": {
				const entry = stepText.get(event.call_id) ?? emptyStepText();
				entry.tail = (entry.tail + event.text).slice(-400);
				stepText.set(event.call_id, entry);
				status?.update(`${labels.of(event.call_id, event.worker)}: ${shorten(entry.tail, false, LIVE_TAIL).slice(-120)}`, stepSince);
				break;
			}
			case "model_step":
				steps += 1;
				if (event.tool_calls > 0) printText(event, event.text);
				stepText.delete(event.call_id);
				break;
			case "tool_call":
				pending.set(toolKey(event.call_id, event.tool_call_id), {
					tool: event.tool,
					args: event.args,
					delegation: false
				});
				status?.update(`${labels.of(event.call_id, event.worker)} → ${event.tool}`);
				break;
			case "delegation_start": {
				const call = event.parent_call_id === null ? void 0 : pending.get(toolKey(event.parent_call_id, event.tool_call_id));
				if (call) call.delegation = true;
				header(event, event.model, event.input);
				status?.update(`${labels.of(event.call_id, event.worker)} · waiting for the model`);
				break;
			}
			case "delegation_end": {
				const outcome = event.ok ? style.green("✓") : interrupted() ? interruptedMark : style.red("✗");
				const error = event.ok || interrupted() ? "" : `: ${shorten(event.error ?? "", verbose, 160)}`;
				write(`${headerPad(event.chain)}${style.cyan("◂")} ${style.bold(escapeTerminalText(labels.of(event.call_id, event.worker)))} ${outcome} ${style.dim(formatDuration(event.duration_ms))}${error}\n`);
				break;
			}
			case "tool_result": {
				const key = toolKey(event.call_id, event.tool_call_id);
				const call = pending.get(key);
				pending.delete(key);
				if (call?.delegation) break;
				const outcome = event.ok ? style.green("✓") : event.denied ? style.yellow("⊘ denied") : interrupted() ? interruptedMark : style.red("✗");
				const detail = event.ok || interrupted() ? "" : `: ${shorten(event.error ?? "", verbose, 160)}`;
				const args = call ? ` ${style.dim(shorten(call.args, verbose))}` : "";
				write(`${body(event)}${outcome} ${escapeTerminalText(event.tool)}${args}  ${style.dim(formatDuration(event.duration_ms))}${detail}\n`);
				if (verbose && event.ok) write(`${body(event)}  ${style.dim(`= ${shorten(event.result, true)}`)}\n`);
				break;
			}
			case "approval_decision":
				if (verbose) write(`${body(event)}${style.dim(`${event.approved ? "approved" : "denied"} ${escapeTerminalText(event.tool)} (${event.source})`)}\n`);
				break;
			case "model_retry":
				write(`${body(event)}${style.yellow(`! ${describeRetry(event)}`)}\n`);
				break;
			case "warning":
				write(`${body(event)}${style.yellow(`! ${escapeTerminalText(event.message)}`)}\n`);
				break;
			case "run_end": {
				status?.update("");
				if (!started || conversation && !verbose) break;
				const { usage } = event;
				const outcome = {
					ok: style.green("✓ done"),
					interrupted: style.yellow("⊘ interrupted"),
					paused: style.yellow("⏸ paused"),
					error: style.red("✗ failed")
				}[event.status];
				const count = `${steps} step${steps === 1 ? "" : "s"}`;
				write(`${outcome} in ${formatDuration(event.duration_ms)} · ${count} · ${formatUsage(usage)}\n`);
				if (verbose) for (const [name, byWorker] of Object.entries(usage.by_worker)) write(`${style.dim(`    ${escapeTerminalText(name)}: ${formatUsage(byWorker, true)}`)}\n`);
				steps = 0;
				break;
			}
		}
	};
	return (event) => {
		const ends = event.type === "delegation_end" || event.type === "run_end";
		if (!ends) labels.observe(event);
		render(event);
		if (ends) labels.observe(event);
	};
}
/** `429 from anthropic (claude-sonnet-4-5), retry 2 in 2.0 s`; without an HTTP status the reason (`stream_timeout`) stands first. */
function describeRetry(event) {
	const colon = event.model.indexOf(":");
	const provider = colon > 0 ? `${event.model.slice(0, colon)} (${event.model.slice(colon + 1)})` : event.model;
	const what = event.status === void 0 ? event.message : String(event.status);
	return escapeTerminalText(`${what} from ${provider}, retry ${event.attempt}/${event.max_retries} in ${(event.delay_ms / 1e3).toFixed(1)} s`);
}
export { isFancyTerminal as a, createStyle as i, formatDuration as n, createCallLabels as o, shorten as r, createProgressRenderer as t };
