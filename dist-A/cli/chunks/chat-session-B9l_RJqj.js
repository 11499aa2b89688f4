import { u as UsageError } from "./errors-C1ynlXzT.js";
import { d as openRunBus, f as nextCallId, i as settleRun, l as createRunScope, m as prepareInput, o as executeWorker, p as preflight, t as endStatus, u as createTurnScope } from "./run-worker-DinqOkkO.js";
import { r as applyOverrides } from "./run-store-CriZAqLK.js";
// src/runtime/history.ts
/** Rough token count of a message: characters of its JSON / 4 (providers differ; this errs high). */
function estimateTokens(message) {
	return Math.ceil(JSON.stringify(message.content).length / 4) + 4;
}
/** Splits a history into turns, each starting at a user message. */
function splitTurns(history) {
	const turns = [];
	for (const message of history) if (message.role === "user" || turns.length === 0) turns.push([message]);
	else turns[turns.length - 1].push(message);
	return turns;
}
/**
* The most recent whole turns that fit in `maxTokens`, with `reserve` tokens kept free for the new
* message. No limit keeps everything.
*/
function trimHistory(history, maxTokens, reserve = 0) {
	const turns = splitTurns(history);
	if (maxTokens === void 0) return {
		messages: [...history],
		droppedTurns: 0
	};
	let budget = maxTokens - reserve;
	let keep = 0;
	for (let index = turns.length - 1; index >= 0; index--) {
		const cost = turns[index].reduce((sum, message) => sum + estimateTokens(message), 0);
		if (cost > budget) break;
		budget -= cost;
		keep += 1;
	}
	return {
		messages: turns.slice(turns.length - keep).flat(),
		droppedTurns: turns.length - keep
	};
}
// src/runtime/chat-session.ts
/**
* The conversation a chat turn's saved state holds: everything up to that turn's answer when the
* turn ended `ok`, else the conversation before the turn (a cut-short turn may end mid tool call).
*/
function conversationOf(state, turnEndedOk) {
	if (!state.root) return [];
	return turnEndedOk ? [...state.root.messages] : state.root.messages.slice(0, state.root.history_length);
}
/**
* Starts a chat with the entry worker. Configuration errors (no model, missing key, bad schema)
* reject here, before any request.
* @example
* const chat = await startChatSession({ project, model: 'test' });
* console.log((await chat.send('hello')).output);
*/
async function startChatSession(options) {
	if (options.onApproval === "pause") throw new UsageError("a chat cannot pause for decisions (onApproval \"pause\"); use \"ask\", \"approve\", \"deny\" or a function");
	const { bus, events } = openRunBus(options);
	const scope = createRunScope(options, bus);
	const base = scope.ctx;
	const { emit, now, usage } = base.services;
	const entry = applyOverrides(await options.project.resolveWorker(options.entry ?? options.project.entryId), options.set ?? []);
	const root = await preflight(base, entry);
	const maxContextTokens = entry.config.max_context_tokens;
	let history = [...options.history ?? []];
	return {
		worker: entry.id,
		model: root.modelId,
		events,
		async send(text, turnOptions) {
			const signals = [options.signal, turnOptions?.signal].filter((s) => s !== void 0);
			let turnOpen = true;
			const emitInTurn = (event) => {
				if (turnOpen) emit(event);
			};
			const turn = createTurnScope(base, emitInTurn, signals.length > 0 ? AbortSignal.any(signals) : void 0);
			const started = now();
			const identity = {
				run_id: turn.ctx.config.runId,
				call_id: nextCallId(base.state),
				parent_call_id: null,
				worker: entry.id,
				chain: [entry.id]
			};
			try {
				const input = prepareInput(root, text);
				emit({
					...identity,
					type: "run_start",
					model: root.modelId,
					input: input.value
				});
				const trimmed = trimHistory(history, maxContextTokens, estimateTokens({
					role: "user",
					content: input.text
				}));
				if (trimmed.droppedTurns > 0) emit({
					...identity,
					type: "warning",
					message: `dropped the ${trimmed.droppedTurns} oldest turn(s) to stay within max_context_tokens (${maxContextTokens})`
				});
				const settled = await settleRun(turn.ctx, identity, executeWorker(turn.ctx, {
					worker: root,
					input,
					extraInstructions: void 0,
					attachments: [],
					identity,
					parentToolCallId: null,
					restrictions: [],
					history: trimmed.messages
				}));
				if (!settled.ok) throw settled.caught;
				const outcome = settled.value;
				history = [...trimmed.messages, ...outcome.messages];
				const summary = usage.summary();
				emit({
					...identity,
					type: "run_end",
					status: "ok",
					output: outcome.output,
					usage: summary,
					duration_ms: now() - started
				});
				return {
					output: outcome.output,
					droppedTurns: trimmed.droppedTurns,
					usage: summary
				};
			} catch (caught) {
				const error = turn.failure(caught, "turn cancelled");
				emit({
					...identity,
					type: "run_end",
					status: endStatus(error),
					error: error.message,
					usage: usage.summary(),
					duration_ms: now() - started
				});
				throw error;
			} finally {
				turnOpen = false;
				turn.dispose();
			}
		},
		history: () => history,
		usage: () => usage.summary(),
		close() {
			scope.dispose();
			bus.close();
		}
	};
}
export { startChatSession as n, conversationOf as t };
