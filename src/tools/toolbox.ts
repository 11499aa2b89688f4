/**
 * The toolbox: the only way to make an executable tool (docs/tools.md). Every call of every tool is
 * validated, gated by the run's approval controller, and turned into an outcome; nothing a tool
 * throws crashes the run, except an abort.
 */
import { strictestRule, toolDefaultRule, type ResolvedApprovalRule } from '../approval/rules.ts';
import type { ApprovalController } from '../approval/types.ts';
import { untilAborted } from '../approval/until-aborted.ts';
import { AbortedError, CallPaused, ProjectError, RunError, ToolError } from '../errors.ts';
import { toSchemaPair, validateWith, type JsonSchemaObject, type SchemaPair, type ToolInputSchema } from '../worker-file/json-schema.ts';
import type { ApprovalRule } from '../worker-file/schema.ts';
import { ASK_USER_DESCRIPTION, ASK_USER_INPUT, ASK_USER_TOOL, ASK_USER_TOOLSET } from './ask-user.ts';
import { toJsonResult } from './json-result.ts';
import type { ToolContext, ToolOutcome, ToolsetTool } from './types.ts';

// Module-private registry of what this file made: unlike a property, it cannot be copied by a
// spread or forged, so the runtime can refuse any tool that skipped validation and approval.
const gatedTools = new WeakSet<object>();

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
  /** A resumed `ask_user` call: the id of the question it waited on. */
  questionId?: string;
}

/** The tools a worker may use in one call, by name. */
export interface Toolbox {
  /** Offered tools (blocked ones left out), in the order given; a new array after each `add`. */
  readonly tools: readonly GatedTool[];
  /**
   * Gates one more tool, as `createToolbox` gates its tools (a worker made by `worker_create`).
   * Throws like `createToolbox` for a name the toolbox already has.
   */
  add(tool: ToolsetTool): void;
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
  /** Offer `ask_user` (an interactive worker, docs/worker-format.md): its calls are questions put through `controller`. */
  askUser?: boolean;
}

/**
 * Wraps toolset tools for one worker. Blocked tools are not offered and never run.
 * Throws `ProjectError` for two offered tools with one name (`duplicate-tool-name`) or an input
 * schema that is not a valid object schema (`schema`).
 */
export function createToolbox(options: CreateToolboxOptions): Toolbox {
  const { controller, context } = options;
  const byName = new Map<string, GatedTool>();
  const blocked = new Map<string, GatedTool>();
  if (options.askUser) byName.set(ASK_USER_TOOL, questionGate(controller, context));
  const add = (tool: ToolsetTool) => {
    const resolved = normalizeRule(tool, options.ruleFor(tool));
    if (resolved.rule === 'blocked') {
      if (!blocked.has(tool.name)) blocked.set(tool.name, gate(tool, resolved, compileToolSchema(tool.name, tool.inputSchema), controller, context));
      return;
    }
    const existing = byName.get(tool.name);
    if (existing) {
      throw new ProjectError(
        'duplicate-tool-name',
        `two tools are named ${tool.name} (from the ${existing.toolset} and ${tool.toolset} toolsets); tool names of a worker must be unique`,
      );
    }
    byName.set(tool.name, gate(tool, resolved, compileToolSchema(tool.name, tool.inputSchema), controller, context));
  };
  options.tools.forEach(add);
  let tools = Object.freeze([...byName.values()]);
  return {
    get tools() {
      return tools;
    },
    add(tool) {
      add(tool);
      tools = Object.freeze([...byName.values()]);
    },
    get: (name) => byName.get(name) ?? blocked.get(name),
  };
}

/** True only for tools made by `createToolbox`; the runtime refuses to run anything else. */
export function isGatedTool(value: unknown): value is GatedTool {
  return typeof value === 'object' && value !== null && gatedTools.has(value);
}

/**
 * Both forms of a tool's input schema. Throws `ProjectError('schema')` naming the tool when the
 * schema cannot be understood or does not describe an object (providers require one).
 */
export function compileToolSchema(toolName: string, schema: ToolInputSchema): SchemaPair {
  let pair: SchemaPair;
  try {
    pair = toSchemaPair(schema);
  } catch (error) {
    throw new ProjectError('schema', `input schema of tool ${toolName} is not a valid zod or JSON Schema: ${messageOf(error)}`, {}, { cause: error });
  }
  if (pair.jsonSchema.type !== 'object') {
    const got = pair.jsonSchema.type === undefined ? 'no type' : `type ${JSON.stringify(pair.jsonSchema.type)}`;
    throw new ProjectError('schema', `input schema of tool ${toolName} must describe an object (type "object"), got ${got}`);
  }
  return pair;
}

function normalizeRule(tool: ToolsetTool, rule: ApprovalRule | ResolvedApprovalRule): ResolvedApprovalRule {
  if (typeof rule !== 'string') return rule;
  return { rule, source: rule === toolDefaultRule(tool) ? 'tool' : 'worker' };
}

function gate(tool: ToolsetTool, resolved: ResolvedApprovalRule, schema: SchemaPair, controller: ApprovalController, context: ToolContext): GatedTool {
  const { name, description } = tool;
  const needsApproval = tool.needsApproval;
  const perCall = typeof needsApproval === 'function' && !tool.defaultRule && resolved.source === 'tool' ? needsApproval : undefined;

  async function run(args: unknown, options: GatedRunOptions = {}): Promise<ToolOutcome> {
    const signal = callSignal(context, options.signal);
    if (signal.aborted) throw new AbortedError();
    const parsed = validateWith(schema.zod, args);
    if (!parsed.ok) return { ok: false, error: `invalid arguments for ${name}: ${parsed.errors.join('; ')}` };
    // A call that may already have run goes back to a decision, whatever its rule allowed before.
    let rule = options.note ? strictestRule(resolved.rule, 'ask') : resolved.rule;
    let askReason: string | undefined;
    try {
      if (tool.callRule) {
        const called = tool.callRule(parsed.value);
        rule = strictestRule(rule, called.rule);
        if (rule === 'ask') askReason = called.reason;
      }
      // Tool code: raced with the signal like execute, so a needsApproval that never settles cannot hold up Ctrl-C.
      else if (perCall)
        rule = (await untilAborted(
          Promise.resolve().then(() => perCall(parsed.value)),
          signal,
        ))
          ? 'ask'
          : 'preApproved';
    } catch (error) {
      // A per-call rule that refuses the command is a denial by rule, counted as any other (docs/tools.md, "Approvals").
      if (tool.callRule && ToolError.isInstance(error)) return { ok: false, error: `denied by rule: ${error.message}`, denied: true };
      return failed(name, error, signal);
    }
    // A denial is data for the model; `q` and aborts are thrown through to the run.
    const { callId } = context;
    const { toolCallId, approvalId, note, canPause } = options;
    const request = {
      chain: context.chain,
      toolset: tool.toolset,
      toolName: name,
      args: parsed.value,
      // First, as a prompt shows the first line: what the source says of itself is marked as such.
      description: tool.approvalNote ? `${tool.approvalNote} ${description}` : description,
      ...(callId ? { callId } : {}),
      ...(toolCallId ? { toolCallId } : {}),
      ...(approvalId ? { approvalId } : {}),
      ...(note ? { note } : {}),
      ...(askReason ? { askReason } : {}),
      ...(canPause ? { canPause } : {}),
    };
    const decision = await controller.authorize(request, rule, signal);
    if (decision.pending) return { ok: false, error: decision.message, pending: decision.pending };
    if (!decision.approved) return { ok: false, error: decision.message, denied: true };
    if (signal.aborted) throw new AbortedError();
    options.onAllowed?.();
    const outcome = await executed(name, () => tool.execute(parsed.value, { ...context, signal, ...(toolCallId ? { toolCallId } : {}) }), signal);
    const failure = outcome.ok ? tool.failureOf?.(outcome.output) : undefined;
    return outcome.ok && failure ? { ...outcome, failure } : outcome;
  }

  return registered({
    name,
    description,
    inputSchema: schema.jsonSchema,
    rule: resolved.rule,
    toolset: tool.toolset,
    idempotent: tool.idempotent === true,
    run,
    resume: resumer(name, context),
  });
}

/**
 * `ask_user` of an interactive worker: a call puts its question to the run's decision source through
 * the gate (one prompt at a time with approvals) and the answer is its result. Nobody to answer is a
 * denial the model sees; in pause mode the call waits for an answer as a pending approval waits for a
 * decision. Idempotent: asking again after a crash is what the person would want.
 */
function questionGate(controller: ApprovalController, context: ToolContext): GatedTool {
  const name = ASK_USER_TOOL;
  const schema = compileToolSchema(name, ASK_USER_INPUT);
  async function run(args: unknown, options: GatedRunOptions = {}): Promise<ToolOutcome> {
    const signal = callSignal(context, options.signal);
    if (signal.aborted) throw new AbortedError();
    const parsed = validateWith(schema.zod, args);
    if (!parsed.ok) return { ok: false, error: `invalid arguments for ${name}: ${parsed.errors.join('; ')}` };
    const { question } = parsed.value as { question: string };
    const { callId } = context;
    const { toolCallId, questionId, canPause } = options;
    const answer = await controller.askUser(
      {
        chain: context.chain,
        question,
        ...(callId ? { callId } : {}),
        ...(toolCallId ? { toolCallId } : {}),
        ...(questionId ? { questionId } : {}),
        ...(canPause ? { canPause } : {}),
      },
      signal,
    );
    if (answer.pending) return { ok: false, error: answer.message, pending: { questionId: answer.pending.questionId, question } };
    if (!answer.answered) return { ok: false, error: answer.message, denied: true };
    options.onAllowed?.();
    return { ok: true, output: answer.text };
  }
  return registered({
    name,
    description: ASK_USER_DESCRIPTION,
    inputSchema: schema.jsonSchema,
    rule: 'preApproved',
    toolset: ASK_USER_TOOLSET,
    idempotent: true,
    run,
    resume: resumer(name, context),
  });
}

function registered(tool: GatedTool): GatedTool {
  const gated = Object.freeze(tool);
  gatedTools.add(gated);
  return gated;
}

/** `GatedTool.resume` of tool `name`. */
function resumer(name: string, context: ToolContext): GatedTool['resume'] {
  return (perform, options = {}) => {
    const signal = callSignal(context, options.signal);
    if (signal.aborted) throw new AbortedError();
    return executed(name, perform, signal);
  };
}

/**
 * The signal of one call: the context's, and the caller's if it has another. The runtime passes
 * the run's own, which the context already has: a combined signal per call would only add a
 * listener to the run's signal for every tool call of the run.
 */
function callSignal(context: ToolContext, signal: AbortSignal | undefined): AbortSignal {
  return signal && signal !== context.signal ? AbortSignal.any([context.signal, signal]) : context.signal;
}

async function executed(name: string, perform: () => unknown, signal: AbortSignal): Promise<ToolOutcome> {
  let output: unknown;
  try {
    // Raced with the signal: a tool that ignores aborts must not hold up an interrupted run.
    output = await untilAborted(Promise.resolve().then(perform), signal);
  } catch (error) {
    return failed(name, error, signal);
  }
  const result = toJsonResult(output);
  return result.ok ? { ok: true, output: result.value } : { ok: false, error: `${name}: tool result is not JSON-serialisable: ${result.reason}` };
}

function failed(name: string, error: unknown, signal: AbortSignal): ToolOutcome {
  // A worker call under this tool (a delegation) paused: the tool call waits with it.
  if (AbortedError.isInstance(error) || CallPaused.isInstance(error) || (RunError.isInstance(error) && error.code === 'aborted-by-user')) throw error;
  if (signal.aborted) throw new AbortedError();
  return { ok: false, error: `${name} failed: ${messageOf(error)}` };
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
