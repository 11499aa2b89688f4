import { s as RunError } from "./errors-C1ynlXzT.js";
import { a as createAnswerStream, i as createProgressDisplay, n as createTerminalPrompter, r as openTelemetry, t as openTraceWriter } from "./trace-writer-CDgBnZ2A.js";
import { n as approvalTerminal } from "./version-2iKj9RfF.js";
import { a as printLine, c as terminalSafeJson, i as printError, n as reportError, o as writeOutput, r as reportJsonError, t as exitCodeFor } from "./exit-codes-DFAtt0Sv.js";
import { i as renderPending, r as pendingJson } from "./pending-view-BoFLn27q.js";
import { n as processFailure } from "./process-guard-C1uqiqC8.js";
import { i as openRunLog, t as asksAtTerminal } from "./run-setup-agjc7vSa.js";
import { a as isFancyTerminal, i as createStyle } from "./progress-MB0eMax-.js";
import { resolve } from "node:path";
// src/cli/command-session.ts
/**
* One command's session around a run (`llm-do TARGET`, `llm-do resume`): what shows it (progress,
* the streamed answer, `--trace`, `--otel`), asks at the terminal, records it in the run log and
* stops it on Ctrl-C, and how its result is printed and turned into the exit code.
*/
/** The `--json` object of a run that failed before it started: the usual keys, empty. */
const NOT_RUN_JSON = {
	worker: null,
	output: null,
	usage: {
		input_tokens: 0,
		output_tokens: 0,
		cache_read_tokens: 0,
		cache_write_tokens: 0,
		cost_usd: 0,
		unpriced_models: [],
		by_worker: {}
	}
};
/** One command's session; `close` it whatever happens. */
function openCommandSession(io) {
	const abort = new AbortController();
	let trace;
	let telemetry;
	let display;
	let answer;
	let terminal;
	let log;
	const onSigint = () => abort.abort();
	process.once("SIGINT", onSigint);
	return {
		async openTrace(options) {
			trace = options.trace ? await openTraceWriter(resolve(io.cwd, options.trace)) : void 0;
			return trace;
		},
		async openLog(options, project, resumedRunId) {
			log = await openRunLog(options, project, io, resumedRunId);
			return log;
		},
		async surround(options, { answerAsJson, stdinIsInput, grants }) {
			telemetry = await openTelemetry(options, io);
			const streamAnswer = Boolean(io.stdout.isTTY) && !options.json && options.stream !== false && !answerAsJson;
			const progress = createProgressDisplay(io, options, {
				entryTextOnStdout: streamAnswer,
				interrupted: () => abort.signal.aborted
			});
			display = progress;
			answer = streamAnswer ? createAnswerStream(io, progress) : void 0;
			terminal = asksAtTerminal(options) ? approvalTerminal(io, stdinIsInput) : void 0;
			const onEvent = answer?.onEvent ?? progress.onEvent;
			return {
				...terminal ? { prompter: createTerminalPrompter(terminal.input, terminal.output, {
					display: progress,
					style: createStyle(isFancyTerminal(terminal.output, io.env)),
					projectGrants: grants
				}) } : {},
				signal: AbortSignal.any([abort.signal, processFailure]),
				subscribe: (bus) => {
					trace?.attach(bus);
					telemetry?.attach(bus);
					bus.subscribe(onEvent);
				},
				...io.env.LLM_DO_DEBUG === "1" ? { debug: (message) => printError(io, `debug: ${message}`) } : {}
			};
		},
		async report(result, options) {
			answer?.end();
			display?.stop();
			await trace?.close();
			const exitCode = reportResult(result, options, io, answer?.streamed === true);
			log?.recordExit(exitCode);
			return exitCode;
		},
		async fail(error, options) {
			await trace?.close().catch(() => void 0);
			return options.json ? reportJsonError(error, io, NOT_RUN_JSON) : reportError(error, io);
		},
		async close() {
			display?.stop();
			terminal?.close();
			log?.close();
			process.removeListener("SIGINT", onSigint);
			await telemetry?.close();
		}
	};
}
/** Prints a finished run's outcome and returns its exit code. */
function reportResult(result, options, io, streamed) {
	const denied = result.denied_calls;
	const deniedFailure = options.failOnDeny && denied > 0 && !result.error ? new RunError("denied-calls", result.worker, `${denied} tool call(s) denied (--fail-on-deny)`) : void 0;
	const error = result.error ?? deniedFailure;
	const paused = result.status === "paused" ? {
		run_id: result.state.run_id,
		pending: result.pending ?? []
	} : void 0;
	if (options.json) printLine(io, terminalSafeJson({
		worker: result.worker,
		output: result.output ?? null,
		usage: result.usage,
		status: deniedFailure ? "error" : result.status,
		...error ? { error: error.message } : {},
		...paused ? {
			run_id: paused.run_id,
			pending: pendingJson(paused.pending)
		} : {},
		denied_calls: denied
	}));
	else if (result.status === "ok" && !streamed) {
		const output = typeof result.output === "string" ? result.output : JSON.stringify(result.output, null, 2);
		writeOutput(io, output.endsWith("\n") ? output : `${output}\n`);
	} else if (paused) {
		printError(io, `paused: ${paused.pending.length} tool call(s) wait for a decision (run ${paused.run_id})`);
		io.stderr.write(`${renderPending(paused.run_id, paused.pending).trimEnd()}\n`);
	}
	if (denied > 0 && !deniedFailure && !options.quiet) printError(io, `${denied} tool call(s) denied`);
	if (paused) return 3;
	return error ? options.json ? exitCodeFor(error) : reportError(error, io) : 0;
}
export { openCommandSession as n, NOT_RUN_JSON as t };
