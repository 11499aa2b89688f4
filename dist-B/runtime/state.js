import { sha256Hex } from "./sha256.js";
export const STATE_VERSION = 1;
/** The tool calls of a saved run that wait for a decision, in call-tree order. */
export function pendingApprovals(state) {
    const pending = [];
    const visit = (call) => {
        for (const toolCall of call.tool_calls) {
            if (toolCall.status === 'pending' && toolCall.approval) {
                const { approval_id, toolset, description, note } = toolCall.approval;
                pending.push({ approval_id, call_id: call.call_id, tool_call_id: toolCall.tool_call_id, chain: [...call.chain], toolset, tool: toolCall.tool, args: toolCall.args, description, ...(note ? { note } : {}) });
            }
            toolCall.children.forEach(visit);
        }
    };
    if (state.root)
        visit(state.root);
    return pending;
}
/** Hands the run's state to the checkpoint sink, if there is one (built only then: it copies every message). */
export function saveCheckpoint(ctx) {
    ctx.services.checkpoint?.(snapshotRun(ctx));
}
/** The run's state now, as JSON-safe data. */
export function snapshotRun(ctx) {
    const { config, services, state } = ctx;
    const active = [...state.active.values()];
    const root = active.find((call) => call.parentToolCallId === null);
    return {
        state_version: STATE_VERSION,
        run_id: config.runId,
        project: { name: config.project.name, root: config.project.root },
        call_count: state.callCount,
        usage: services.usage.summary(),
        denied_calls: state.deniedCalls,
        session: state.session.toJSON(),
        options: {
            model: config.modelOverride ?? null,
            stream: config.stream,
            max_depth: config.maxDepth,
            mounts: config.grants.map((grant) => ({ ...grant })),
            set: config.overrides.map((override) => ({ ...override })),
        },
        root: root ? snapshotCall(root, active) : null,
    };
}
function snapshotCall(call, active) {
    const { identity } = call;
    return {
        call_id: identity.call_id,
        parent_call_id: identity.parent_call_id,
        parent_tool_call_id: call.parentToolCallId,
        worker: identity.worker,
        worker_sha256: call.workerSha256,
        chain: [...identity.chain],
        system: call.system,
        restrictions: call.restrictions.map((restriction) => ({ ...restriction })),
        messages: call.messages.map(savedMessage),
        history_length: call.historyLength,
        step: call.step,
        max_steps: call.maxSteps,
        step_limit: call.stepLimit,
        repaired: call.repaired,
        phase: call.toolCalls.length > 0 ? 'tools' : 'model',
        tool_calls: call.toolCalls.map((toolCall) => snapshotToolCall(call, toolCall, active)),
    };
}
function snapshotToolCall(call, toolCall, active) {
    const { toolCallId } = toolCall;
    const under = (child) => child.identity.parent_call_id === call.identity.call_id && (child.parentToolCallId === toolCallId || child.parentToolCallId?.startsWith(`${toolCallId}/`) === true);
    return {
        tool_call_id: toolCallId,
        tool: toolCall.tool,
        args: jsonSafe(toolCall.args),
        status: toolCall.status,
        ...(toolCall.approval ? { approval: { ...toolCall.approval } } : {}),
        ...(toolCall.answer ? { answer: jsonSafe(toolCall.answer) } : {}),
        ...(toolCall.denied ? { denied: true } : {}),
        children: active.filter(under).map((child) => snapshotCall(child, active)),
    };
}
/** What a call of `definition` depends on, hashed: its configuration and instructions (after `--set`). */
export function workerFingerprint(definition) {
    return sha256Hex(JSON.stringify({ config: definition.config, instructions: definition.instructions }));
}
/**
 * The calls of a saved run as live state, parents before children. Calls under tool code's
 * `ctx.callWorker` are left out: the tool code that made them cannot be resumed, so its tool call
 * starts again or goes back to a decision (`running` calls come back marked `interrupted`).
 */
export function restoreCalls(state) {
    const calls = [];
    const visit = (saved) => {
        calls.push(restoredCall(saved, state.run_id));
        for (const toolCall of saved.tool_calls)
            for (const child of toolCall.children)
                if (!child.parent_tool_call_id?.includes('/'))
                    visit(child);
    };
    if (state.root)
        visit(state.root);
    return calls;
}
function restoredCall(saved, runId) {
    return {
        identity: { run_id: runId, call_id: saved.call_id, parent_call_id: saved.parent_call_id, worker: saved.worker, chain: [...saved.chain] },
        parentToolCallId: saved.parent_tool_call_id,
        depth: saved.chain.length - 1,
        workerSha256: saved.worker_sha256,
        system: saved.system,
        restrictions: saved.restrictions.map((restriction) => ({ ...restriction })),
        messages: saved.messages,
        historyLength: saved.history_length,
        maxSteps: saved.max_steps,
        step: saved.step,
        stepLimit: saved.step_limit,
        repaired: saved.repaired,
        canPause: true,
        toolCalls: saved.tool_calls.map((toolCall) => {
            const restored = { toolCallId: toolCall.tool_call_id, tool: toolCall.tool, args: toolCall.args, status: toolCall.status };
            if (toolCall.approval)
                restored.approval = { ...toolCall.approval };
            if (toolCall.answer)
                restored.answer = toolCall.answer;
            if (toolCall.denied)
                restored.denied = true;
            // Started and not finished when the run stopped: it may have had effects.
            if (toolCall.status === 'running' || (toolCall.status === 'waiting' && toolCall.children.length === 0)) {
                restored.status = 'running';
                restored.interrupted = true;
            }
            return restored;
        }),
    };
}
// A message is never changed once in a call's history, so each is copied once, not at every checkpoint.
const savedMessages = new WeakMap();
function savedMessage(message) {
    let saved = savedMessages.get(message);
    if (!saved)
        savedMessages.set(message, (saved = jsonSafe(message)));
    return saved;
}
/** A deep copy that JSON keeps unchanged: bytes become base64 text, URLs their address, `undefined` members are left out. */
function jsonSafe(value) {
    if (value instanceof Uint8Array)
        return base64(value);
    if (value instanceof ArrayBuffer)
        return base64(new Uint8Array(value));
    if (value instanceof URL)
        return value.href;
    if (Array.isArray(value))
        return value.map((item) => jsonSafe(item) ?? null);
    if (value !== null && typeof value === 'object') {
        const copy = {};
        // Defined, not assigned: a `__proto__` key from the model stays an ordinary key.
        for (const [key, item] of Object.entries(value)) {
            if (item !== undefined)
                Object.defineProperty(copy, key, { value: jsonSafe(item), enumerable: true, writable: true, configurable: true });
        }
        return copy;
    }
    return value;
}
/** Base64 without `Buffer`, so the runtime stays portable (SPEC §22); in chunks, so large files do not overflow the call stack. */
function base64(bytes) {
    let binary = '';
    for (let at = 0; at < bytes.length; at += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return btoa(binary);
}
