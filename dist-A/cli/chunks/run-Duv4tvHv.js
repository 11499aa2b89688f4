import { u as UsageError } from "./errors-C1ynlXzT.js";
import { r as runWorker } from "./run-worker-DinqOkkO.js";
import { n as openCommandSession } from "./command-session-mw3zpdgC.js";
import { n as stateFileWriter } from "./state-file-CZrVc06t.js";
import { a as openRunTarget, r as openGrants, s as runOptionsFromFlags } from "./run-setup-agjc7vSa.js";
import { t as chatWithProject } from "./chat-BzbXIBwW.js";
import { resolve } from "node:path";
// src/cli/read-stdin.ts
/** Reads all of stdin as UTF-8 (an empty stdin is an empty string). */
async function readStdin(stdin) {
	const chunks = [];
	for await (const chunk of stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
	return Buffer.concat(chunks).toString("utf8");
}
// src/cli/commands/run.ts
/** `llm-do TARGET [INPUT]`: run a project's entry worker (or a worker file) and print its answer. */
async function runCommand({ target, input, options }, io) {
	const session = openCommandSession(io);
	try {
		const trace = await session.openTrace(options);
		const { project, entry } = await openRunTarget(target, options, io);
		const noInputGiven = input === void 0 && options.input === void 0;
		const entryWorker = await project.loadWorker(entry ?? project.entryId).catch(() => void 0);
		if (noInputGiven && entryWorker?.config.mode === "chat") {
			if (options.json) throw new UsageError("--json needs an INPUT for a chat worker: a conversation is not one JSON object");
			await trace?.close();
			return await chatWithProject(project, entry, options, io);
		}
		const log = await session.openLog(options, project);
		const grants = await openGrants(project, io);
		const stdinIsInput = input === "-" || noInputGiven && !io.stdin.isTTY;
		const runInput = await resolveInput(input, options.input, stdinIsInput, io);
		const surroundings = await session.surround(options, {
			answerAsJson: Boolean(entryWorker?.config.schema_out),
			stdinIsInput,
			grants: Boolean(grants)
		});
		const result = await runWorker({
			project,
			...entry ? { entry } : {},
			...runOptionsFromFlags(options, io),
			input: runInput,
			...log ? { store: log.store } : {},
			...grants ? { grants } : {},
			attachments: (options.attach ?? []).map((file) => resolve(io.cwd, file)),
			...options.state ? { onCheckpoint: stateFileWriter(resolve(io.cwd, options.state), io) } : {},
			...surroundings
		}).result;
		return await session.report(result, options);
	} catch (error) {
		return session.fail(error, options);
	} finally {
		await session.close();
	}
}
async function resolveInput(positional, json, fromStdin, io) {
	if (json !== void 0) {
		if (positional !== void 0) throw new UsageError("give the input either as INPUT or with --input, not both");
		let value;
		try {
			value = JSON.parse(json);
		} catch (error) {
			throw new UsageError(`--input is not valid JSON (${error.message}); e.g. --input '{"topic": "tides"}'`);
		}
		if (typeof value !== "object" || value === null || Array.isArray(value)) throw new UsageError(`--input expects a JSON object, got ${Array.isArray(value) ? "an array" : value === null ? "null" : `a ${typeof value}`}; e.g. --input '{"topic": "tides"}'`);
		return value;
	}
	if (fromStdin) return readStdin(io.stdin);
	return positional ?? "";
}
export { runCommand };
