/**
 * The toolbox: the only way to make an executable tool (SPEC §6, §8). Every call of every tool is
 * validated, gated by the run's approval controller, and turned into an outcome; nothing a tool
 * throws crashes the run, except an abort.
 */
import { strictestRule, toolDefaultRule } from "../approval/rules.js";
import { untilAborted } from "../approval/until-aborted.js";
import { AbortedError, CallPaused, ProjectError, RunError } from "../errors.js";
import { toSchemaPair, validateWith } from "../worker/json-schema.js";
import { toJsonResult } from "./json-result.js";
// Module-private registry of what this file made: unlike a property, it cannot be copied by a
// spread or forged, so the runtime can refuse any tool that skipped validation and approval.
const gatedTools = new WeakSet();
/**
 * Wraps toolset tools for one worker. Blocked tools are not offered and never run.
 * Throws `ProjectError` for two offered tools with one name (`duplicate-tool-name`) or an input
 * schema that is not a valid object schema (`schema`).
 */
export function createToolbox(options) {
    const { controller, context } = options;
    const byName = new Map();
    const blocked = new Map();
    for (const tool of options.tools) {
        const resolved = normalizeRule(tool, options.ruleFor(tool));
        if (resolved.rule === 'blocked') {
            if (!blocked.has(tool.name))
                blocked.set(tool.name, gate(tool, resolved, compileToolSchema(tool.name, tool.inputSchema), controller, context));
            continue;
        }
        const existing = byName.get(tool.name);
        if (existing) {
            throw new ProjectError('duplicate-tool-name', `two tools are named ${tool.name} (from the ${existing.toolset} and ${tool.toolset} toolsets); tool names of a worker must be unique`);
        }
        byName.set(tool.name, gate(tool, resolved, compileToolSchema(tool.name, tool.inputSchema), controller, context));
    }
    const tools = Object.freeze([...byName.values()]);
    return { tools, get: (name) => byName.get(name) ?? blocked.get(name) };
}
/** True only for tools made by `createToolbox`; the runtime refuses to run anything else. */
export function isGatedTool(value) {
    return typeof value === 'object' && value !== null && gatedTools.has(value);
}
/**
 * Both forms of a tool's input schema. Throws `ProjectError('schema')` naming the tool when the
 * schema cannot be understood or does not describe an object (providers require one).
 */
export function compileToolSchema(toolName, schema) {
    let pair;
    try {
        pair = toSchemaPair(schema);
    }
    catch (error) {
        throw new ProjectError('schema', `input schema of tool ${toolName} is not a valid zod or JSON Schema: ${messageOf(error)}`, {}, { cause: error });
    }
    if (pair.jsonSchema.type !== 'object') {
        const got = pair.jsonSchema.type === undefined ? 'no type' : `type ${JSON.stringify(pair.jsonSchema.type)}`;
        throw new ProjectError('schema', `input schema of tool ${toolName} must describe an object (type "object"), got ${got}`);
    }
    return pair;
}
function normalizeRule(tool, rule) {
    if (typeof rule !== 'string')
        return rule;
    return { rule, source: rule === toolDefaultRule(tool) ? 'tool' : 'worker' };
}
function gate(tool, resolved, schema, controller, context) {
    const { name, description } = tool;
    const needsApproval = tool.needsApproval;
    const perCall = typeof needsApproval === 'function' && !tool.defaultRule && resolved.source === 'tool' ? needsApproval : undefined;
    async function run(args, options = {}) {
        const signal = options.signal ? AbortSignal.any([context.signal, options.signal]) : context.signal;
        if (signal.aborted)
            throw new AbortedError();
        const parsed = validateWith(schema.zod, args);
        if (!parsed.ok)
            return { ok: false, error: `invalid arguments for ${name}: ${parsed.errors.join('; ')}` };
        // A call that may already have run goes back to a decision, whatever its rule allowed before.
        let rule = options.note ? strictestRule(resolved.rule, 'ask') : resolved.rule;
        try {
            if (tool.callRule)
                rule = strictestRule(rule, tool.callRule(parsed.value));
            // Tool code: raced with the signal like execute, so a needsApproval that never settles cannot hold up Ctrl-C.
            else if (perCall)
                rule = (await untilAborted(Promise.resolve().then(() => perCall(parsed.value)), signal)) ? 'ask' : 'preApproved';
        }
        catch (error) {
            return failed(error, signal);
        }
        // A denial is data for the model; `q` and aborts are thrown through to the run.
        const { callId } = context;
        const { toolCallId, approvalId, note, canPause } = options;
        const request = {
            chain: context.chain,
            toolset: tool.toolset,
            toolName: name,
            args: parsed.value,
            description,
            ...(callId ? { callId } : {}),
            ...(toolCallId ? { toolCallId } : {}),
            ...(approvalId ? { approvalId } : {}),
            ...(note ? { note } : {}),
            ...(canPause ? { canPause } : {}),
        };
        const decision = await controller.authorize(request, rule, signal);
        if (decision.pending)
            return { ok: false, error: decision.message, pending: decision.pending };
        if (!decision.approved)
            return { ok: false, error: decision.message, denied: true };
        if (signal.aborted)
            throw new AbortedError();
        options.onAllowed?.();
        return executed(() => tool.execute(parsed.value, { ...context, signal, ...(toolCallId ? { toolCallId } : {}) }), signal);
    }
    function resume(perform, options = {}) {
        const signal = options.signal ? AbortSignal.any([context.signal, options.signal]) : context.signal;
        if (signal.aborted)
            throw new AbortedError();
        return executed(perform, signal);
    }
    async function executed(perform, signal) {
        let output;
        try {
            // Raced with the signal: a tool that ignores aborts must not hold up an interrupted run.
            output = await untilAborted(Promise.resolve().then(perform), signal);
        }
        catch (error) {
            return failed(error, signal);
        }
        const result = toJsonResult(output);
        return result.ok ? { ok: true, output: result.value } : { ok: false, error: `${name}: tool result is not JSON-serialisable: ${result.reason}` };
    }
    function failed(error, signal) {
        // A worker call under this tool (a delegation) paused: the tool call waits with it.
        if (AbortedError.isInstance(error) || CallPaused.isInstance(error) || (RunError.isInstance(error) && error.code === 'aborted-by-user'))
            throw error;
        if (signal.aborted)
            throw new AbortedError();
        return { ok: false, error: `${name} failed: ${messageOf(error)}` };
    }
    const gated = Object.freeze({ name, description, inputSchema: schema.jsonSchema, rule: resolved.rule, toolset: tool.toolset, idempotent: tool.idempotent === true, run, resume });
    gatedTools.add(gated);
    return gated;
}
function messageOf(error) {
    if (error instanceof Error)
        return error.message || error.name;
    if (typeof error === 'string')
        return error;
    try {
        return JSON.stringify(error) ?? String(error);
    }
    catch {
        return String(error);
    }
}
