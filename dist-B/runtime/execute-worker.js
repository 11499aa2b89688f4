import { AbortedError, CallPaused } from "../errors.js";
import { explainApprovalRule, toolDefaultRule } from "../approval/rules.js";
import { createSandbox } from "../sandbox/sandbox.js";
import { resolveMounts } from "../project/mount-table.js";
import { projectConfigPaths } from "../project/config-paths.js";
import { createCustomToolsContext, trackedTool } from "./tool-context.js";
import { createFilesystemToolset } from "../tools/filesystem.js";
import { createShellToolset } from "../tools/shell.js";
import { createToolbox } from "../tools/toolbox.js";
import { driveCall } from "./engine.js";
import { createModelStepper } from "./model-step.js";
import { createDelegationTools, delegated } from "./delegation.js";
import { prepareWorker } from "./prepare-worker.js";
import { enabledToolset } from "./enabled-toolset.js";
import { templateVariablesOf } from "./input.js";
import { workerFingerprint } from "./state.js";
import { toolDeclarations } from "./tool-execution.js";
export const DEFAULT_MAX_STEPS = 25;
export async function executeWorker(ctx, call) {
    // Nothing new starts once the run is aborted (Ctrl-C, or a quit at an approval prompt).
    if (ctx.signal.aborted)
        throw new AbortedError();
    const { worker, identity } = call;
    const { definition } = worker;
    const { project } = ctx.config;
    const config = definition.config;
    const history = call.history ?? [];
    const maxSteps = config.max_steps ?? DEFAULT_MAX_STEPS;
    const userMessage = {
        role: 'user',
        content: [
            { type: 'text', text: call.extraInstructions ? `${call.input.text}\n\nInstructions from the caller:\n${call.extraInstructions}` : call.input.text },
            ...call.attachments,
        ],
    };
    const state = {
        identity,
        parentToolCallId: call.parentToolCallId,
        depth: identity.chain.length - 1,
        workerSha256: await workerFingerprint(definition),
        system: await worker.renderer.render(definition.instructions, templateVariablesOf(worker, call.input, project.name), definition.instructionsFile, {
            lineOffset: definition.instructionsLineOffset,
        }),
        restrictions: [...call.restrictions, { restrict: config.sandbox?.restrict, readonly: config.sandbox?.readonly }],
        messages: [...history, userMessage],
        historyLength: history.length,
        maxSteps,
        step: 0,
        stepLimit: maxSteps,
        repaired: false,
        toolCalls: [],
        // Tool code's JavaScript cannot be saved: no call under `ctx.callWorker` (`<id>/<n>`) can pause.
        canPause: (ctx.state.active.get(identity.parent_call_id ?? '')?.canPause ?? true) && !call.parentToolCallId?.includes('/'),
    };
    return runCall(ctx, worker, state);
}
/** Goes on with a call restored from a saved state (`resume-run.ts`), its worker prepared again. */
export async function resumeCall(ctx, state, worker) {
    if (ctx.signal.aborted)
        throw new AbortedError();
    return runCall(ctx, worker, state);
}
/**
 * Builds the live side of a call (sandbox, gated tools, model steps) around its state and lets the
 * engine drive it. A paused call stays in the run's active calls, so checkpoints keep saving it.
 */
async function runCall(ctx, worker, state) {
    const { identity } = state;
    const { definition } = worker;
    const { project } = ctx.config;
    ctx.state.calls.set(identity.call_id, identity);
    const sandbox = needsSandbox(worker) ? buildSandbox(ctx, worker, state.restrictions) : undefined;
    const caller = { worker, identity, restrictions: state.restrictions, sandbox };
    // How this worker's delegation tools run a callee.
    const runCallee = (calleeCall) => executeWorker(ctx, calleeCall);
    const tools = await collectTools(ctx, caller, runCallee);
    const toolbox = createToolbox({
        tools: tools.map((tool) => trackedTool(ctx, caller, tool, () => toolbox)),
        // Worker per-tool → worker default → manifest per-tool → manifest default → tool default → ask.
        ruleFor: (tool) => explainApprovalRule({
            toolName: tool.name,
            worker: enabledToolset(definition.ownToolsets, tool.toolset)?.approval,
            manifest: enabledToolset(project.manifest?.toolsets, tool.toolset)?.approval,
            toolDefault: toolDefaultRule(tool),
        }),
        controller: ctx.services.approvals,
        context: createCustomToolsContext(ctx, caller, () => toolbox),
    });
    const modelStep = createModelStepper({ ctx, worker, identity, system: state.system, tools: toolDeclarations(toolbox), outputSchema: worker.schemaOut?.jsonSchema });
    ctx.state.active.set(identity.call_id, state);
    let paused = false;
    try {
        const output = await driveCall({ ctx, worker, toolbox, modelStep, resumeChild: (call, toolCall) => savedChild(ctx, call, toolCall) }, state);
        return { output, messages: state.messages.slice(state.historyLength) };
    }
    catch (error) {
        paused = CallPaused.isInstance(error);
        throw error;
    }
    finally {
        if (!paused)
            ctx.state.active.delete(identity.call_id);
    }
}
/** The rest of the delegation whose callee was saved under `toolCall` of `call`, if one was. */
function savedChild(ctx, call, toolCall) {
    const child = [...ctx.state.active.values()].find((candidate) => candidate.identity.parent_call_id === call.identity.call_id && candidate.parentToolCallId === toolCall.toolCallId);
    if (!child)
        return undefined;
    return () => delegated(ctx, child.identity, toolCall.toolCallId, async () => resumeCall(ctx, child, await prepareWorker(ctx, await ctx.config.project.resolveWorker(child.identity.worker))));
}
function needsSandbox(worker) {
    const toolsets = worker.definition.config.toolsets;
    return ['filesystem', 'shell', 'workers', 'custom'].some((name) => enabledToolset(toolsets, name) !== undefined);
}
function buildSandbox(ctx, worker, restrictions) {
    const mounts = resolveMounts({
        projectRoot: ctx.config.project.root,
        config: worker.definition.config.sandbox,
        grants: [...ctx.config.grants],
        displayPath: worker.definition.displayPath,
        fallback: 'project-root-ro',
    });
    // The project's configuration stays unwritable even in a read-write mount (SPEC §15).
    return createSandbox({ fs: ctx.config.project.fs, mounts, restrictions, signal: ctx.signal, protectedPaths: projectConfigPaths(ctx.config.project) });
}
async function collectTools(ctx, caller, runCallee) {
    const toolsets = caller.worker.definition.config.toolsets;
    const filesystem = enabledToolset(toolsets, 'filesystem');
    const shell = enabledToolset(toolsets, 'shell');
    const workers = enabledToolset(toolsets, 'workers');
    return [
        ...(filesystem ? createFilesystemToolset(filesystem, { writable: caller.sandbox?.describe().some((mount) => mount.mode === 'rw') ?? false }) : []),
        ...(shell ? createShellToolset(shell) : []),
        ...caller.worker.customTools,
        ...(workers ? await createDelegationTools(ctx, caller, runCallee) : []),
    ];
}
