/**
 * The toolbox: the only way to make an executable tool (SPEC §6, §8). Every call of every tool is
 * validated, gated by the run's approval controller, and turned into an outcome; nothing a tool
 * throws crashes the run, except an abort.
 */
import { type ResolvedApprovalRule } from '../approval/rules.ts';
import type { ApprovalController } from '../approval/types.ts';
import { type JsonSchemaObject, type SchemaPair, type ToolInputSchema } from '../worker/json-schema.ts';
import type { ApprovalRule } from '../worker/schema.ts';
import type { ToolContext, ToolOutcome, ToolsetTool } from './types.ts';
/** A tool wrapped with validation and approval; what the runtime offers the model and runs. */
export interface GatedTool {
    readonly name: string;
    readonly description: string;
    /** JSON Schema of the arguments, for providers. */
    readonly inputSchema: JsonSchemaObject;
    /** The resolved approval rule; a `blocked` tool is never offered and every call of it is denied. */
    readonly rule: ApprovalRule;
    /** The toolset the tool came from. */
    readonly toolset: string;
    /** Running it twice does what running it once does (a resumed run re-runs such a call that a crash cut short). */
    readonly idempotent: boolean;
    /** Validates, asks for approval, executes. Throws only `AbortedError`, a user's `q` (`RunError`) or `CallPaused`. */
    run(args: unknown, options?: GatedRunOptions): Promise<ToolOutcome>;
    /**
     * Finishes a call allowed and started before its run stopped (a resumed delegation): `perform`
     * stands for the rest of its execution, and its result or failure is turned into an outcome as `run` would.
     */
    resume(perform: () => Promise<unknown>, options?: Pick<GatedRunOptions, 'signal'>): Promise<ToolOutcome>;
}
export interface GatedRunOptions {
    signal?: AbortSignal;
    toolCallId?: string;
    /** Called once the call is allowed, just before the tool executes (durations leave out the approval wait). */
    onAllowed?: () => void;
    /** Whether a decision may leave the call pending (pause mode): only where the engine can save it. */
    canPause?: boolean;
    /** A resumed call: the question it waited on, and why it is put again (it may already have run). */
    approvalId?: string;
    note?: string;
}
/** The tools a worker may use in one call, by name. */
export interface Toolbox {
    /** Offered tools (blocked ones left out), in the order given. */
    readonly tools: readonly GatedTool[];
    /**
     * Any tool of the worker by name, blocked ones included (a call of those is denied by policy), so
     * calls that do not come from the model (`ctx.callWorker`) take the same approval path.
     */
    get(name: string): GatedTool | undefined;
}
/** Options of `createToolbox`. */
export interface CreateToolboxOptions {
    tools: readonly ToolsetTool[];
    /**
     * The rule of each tool, usually `explainApprovalRule(...)` or `resolveApprovalRule(...)` with
     * `toolDefault: toolDefaultRule(tool)`. A function `needsApproval` is evaluated per call only when the
     * rule came from the tool's own default; a bare rule counts as such when it equals that default.
     */
    ruleFor(tool: ToolsetTool): ApprovalRule | ResolvedApprovalRule;
    controller: ApprovalController;
    /** Sandbox, signal, chain and `callWorker` of the calling worker. */
    context: ToolContext;
}
/**
 * Wraps toolset tools for one worker. Blocked tools are not offered and never run.
 * Throws `ProjectError` for two offered tools with one name (`duplicate-tool-name`) or an input
 * schema that is not a valid object schema (`schema`).
 */
export declare function createToolbox(options: CreateToolboxOptions): Toolbox;
/** True only for tools made by `createToolbox`; the runtime refuses to run anything else. */
export declare function isGatedTool(value: unknown): value is GatedTool;
/**
 * Both forms of a tool's input schema. Throws `ProjectError('schema')` naming the tool when the
 * schema cannot be understood or does not describe an object (providers require one).
 */
export declare function compileToolSchema(toolName: string, schema: ToolInputSchema): SchemaPair;
