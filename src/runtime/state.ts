/**
 * A run's state between its live form and its saved one (docs/durable-runs.md; docs/decisions.md, "The engine"):
 * `snapshotRun` makes the `RunSnapshot` a checkpoint saves after every model step and every start and
 * result of a tool call that is not idempotent, from the run's data (`RunState`, never its
 * resources); `restoreCalls` makes a saved state's calls live again. Plain JSON: the call tree with
 * each call's messages (file bytes as base64), its current step's tool calls, usage, denials and
 * session approvals. Never the environment, API keys or headers. The schema is `saved-state.ts`.
 */
import type { ModelMessage, ToolResultPart } from 'ai';
import { sha256Hex } from '../crypto.ts';
import type { WorkerDefinition } from '../project/types.ts';
import type { MountSpec } from '../sandbox/types.ts';
import type { PendingApproval, PendingQuestion } from './events.ts';
import type { CallState, RunContext, ToolCallState } from './run-context.ts';
import { STATE_VERSION, type CallSnapshot, type RunSnapshot, type SavedBoundMount, type ToolCallSnapshot } from './saved-state.ts';

/** The tool calls of a saved run that wait for a decision, in call-tree order. */
export function pendingApprovals(state: RunSnapshot): PendingApproval[] {
  const pending: PendingApproval[] = [];
  const visit = (call: CallSnapshot) => {
    for (const toolCall of call.tool_calls) {
      if (toolCall.status === 'pending' && toolCall.approval) {
        const { approval_id, toolset, description, note } = toolCall.approval;
        pending.push({
          approval_id,
          call_id: call.call_id,
          tool_call_id: toolCall.tool_call_id,
          chain: [...call.chain],
          toolset,
          tool: toolCall.tool,
          args: toolCall.args,
          description,
          ...(note ? { note } : {}),
        });
      }
      toolCall.children.forEach(visit);
    }
  };
  if (state.root) visit(state.root);
  return pending;
}

/** The worker questions (`ask_user`) a saved run waits to have answered, in call-tree order. */
export function pendingQuestions(state: RunSnapshot): PendingQuestion[] {
  const pending: PendingQuestion[] = [];
  const visit = (call: CallSnapshot) => {
    for (const toolCall of call.tool_calls) {
      if (toolCall.status === 'pending' && toolCall.question) {
        const { question_id, question } = toolCall.question;
        pending.push({ question_id, call_id: call.call_id, tool_call_id: toolCall.tool_call_id, chain: [...call.chain], question });
      }
      toolCall.children.forEach(visit);
    }
  };
  if (state.root) visit(state.root);
  return pending;
}

/** Hands the run to the checkpoint sink, if there is one, which takes the state it needs (a delta, the whole state). */
export function saveCheckpoint(ctx: RunContext): void {
  ctx.services.checkpoint?.(ctx);
}

/** What checkpoints have given of a call's messages: its live message list and how many of them. */
interface SavedCall {
  messages: readonly ModelMessage[];
  count: number;
}

/**
 * What a run's checkpoints (a chat's, over its turns) have given of each call's messages, by call id.
 * A call's messages only grow by `push` (anything else replaces the list, `CallState.messages`), so
 * when the list is the same and no shorter, the messages before `count` are unchanged. `lastRoot` is
 * the entry call last saved, with its run: a chat's next turn starts with its messages.
 */
export interface SavedMessages {
  calls: Map<string, SavedCall>;
  lastRoot?: SavedCall & { run_id: string; call_id: string };
}

export function createSavedMessages(): SavedMessages {
  return { calls: new Map() };
}

/**
 * The run's state now, as JSON-safe data. Given `saved`, a checkpoint delta (docs/runs.md): each call
 * whose messages `saved` has holds only the messages added since (`messages_from`), and `saved` is
 * brought up to date, so the next delta goes on from this one. Without it, the whole state.
 */
export function snapshotRun(ctx: RunContext, saved?: SavedMessages): RunSnapshot {
  const { config, services, state } = ctx;
  const active = [...state.active.values()];
  const root = active.find((call) => call.parentToolCallId === null);
  const snapshot: RunSnapshot = {
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
    root: root ? snapshotCall(root, active, saved) : null,
    ...(state.createdWorkers.size > 0 ? { created_workers: [...state.createdWorkers.values()] } : {}),
  };
  // Calls that ended are saved no more: their next state, if any, is a call started again.
  if (saved) for (const callId of saved.calls.keys()) if (!state.active.has(callId)) saved.calls.delete(callId);
  return snapshot;
}

/** A call's messages in a state: all of them, or with `saved`, those added since the last delta. */
function messagesOf(call: CallState, saved: SavedMessages | undefined): Pick<CallSnapshot, 'messages' | 'messages_from' | 'messages_base'> {
  const { messages } = call;
  if (!saved) return { messages: messages.map(savedMessage) };
  const { call_id, run_id } = call.identity;
  const before = saved.calls.get(call_id);
  const base = !before && call.parentToolCallId === null ? conversationBase(call, saved.lastRoot) : undefined;
  saved.calls.set(call_id, { messages, count: messages.length });
  if (call.parentToolCallId === null) saved.lastRoot = { run_id, call_id, messages, count: messages.length };
  if (before?.messages === messages && messages.length >= before.count) {
    return { messages_from: before.count, messages: messages.slice(before.count).map(savedMessage) };
  }
  if (base) return { messages_from: call.historyLength, messages_base: base, messages: messages.slice(call.historyLength).map(savedMessage) };
  return { messages: messages.map(savedMessage) };
}

/**
 * The entry call of a chat's turn before, when this turn's entry call starts with its messages (its
 * history, untrimmed): compared once per turn, by identity.
 */
function conversationBase(call: CallState, last: SavedMessages['lastRoot']): { run_id: string; call_id: string } | undefined {
  const length = call.historyLength;
  if (!last || last.run_id === call.identity.run_id || length === 0 || length > last.count) return undefined;
  for (let index = 0; index < length; index++) if (call.messages[index] !== last.messages[index]) return undefined;
  return { run_id: last.run_id, call_id: last.call_id };
}

function snapshotCall(call: CallState, active: readonly CallState[], saved: SavedMessages | undefined): CallSnapshot {
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
    ...(call.boundMounts.length > 0 ? { bound_mounts: call.boundMounts.map(savedBoundMount) } : {}),
    ...messagesOf(call, saved),
    history_length: call.historyLength,
    step: call.step,
    max_steps: call.maxSteps,
    step_limit: call.stepLimit,
    repaired: call.repaired,
    phase: call.toolCalls.length > 0 ? 'tools' : 'model',
    tool_calls: call.toolCalls.map((toolCall) => snapshotToolCall(call, toolCall, active, saved)),
  };
}

function snapshotToolCall(call: CallState, toolCall: ToolCallState, active: readonly CallState[], saved: SavedMessages | undefined): ToolCallSnapshot {
  const { toolCallId } = toolCall;
  const under = (child: CallState) =>
    child.identity.parent_call_id === call.identity.call_id &&
    (child.parentToolCallId === toolCallId || child.parentToolCallId?.startsWith(`${toolCallId}/`) === true);
  return {
    tool_call_id: toolCallId,
    tool: toolCall.tool,
    args: jsonSafe(toolCall.args),
    status: toolCall.status,
    ...(toolCall.approval ? { approval: { ...toolCall.approval } } : {}),
    ...(toolCall.question ? { question: { ...toolCall.question } } : {}),
    ...(toolCall.answer ? { answer: jsonSafe(toolCall.answer) as ToolResultPart } : {}),
    ...(toolCall.denied ? { denied: true } : {}),
    children: active.filter(under).map((child) => snapshotCall(child, active, saved)),
  };
}

function savedBoundMount(mount: MountSpec): SavedBoundMount {
  const saved: SavedBoundMount = { name: mount.name, host_root: mount.hostRoot, mode: mount.mode, bound_from: mount.boundFrom ?? '' };
  if (mount.suffixes) saved.suffixes = [...mount.suffixes];
  if (mount.maxFileBytes !== undefined) saved.max_file_bytes = mount.maxFileBytes;
  return saved;
}

function restoredBoundMount(saved: SavedBoundMount): MountSpec {
  const mount: MountSpec = { name: saved.name, hostRoot: saved.host_root, mode: saved.mode, boundFrom: saved.bound_from };
  if (saved.suffixes) mount.suffixes = [...saved.suffixes];
  if (saved.max_file_bytes !== undefined) mount.maxFileBytes = saved.max_file_bytes;
  return mount;
}

/** What a call of `definition` depends on, hashed: its configuration and instructions (after `--set`). */
export function workerFingerprint(definition: WorkerDefinition): Promise<string> {
  return sha256Hex(JSON.stringify({ config: definition.config, instructions: definition.instructions }));
}

/**
 * The calls of a saved run as live state, parents before children. Calls under tool code's
 * `ctx.callWorker` are left out: the tool code that made them cannot be resumed, so its tool call
 * starts again or goes back to a decision (`running` calls come back marked `interrupted`).
 */
export function restoreCalls(state: RunSnapshot): CallState[] {
  const calls: CallState[] = [];
  const visit = (saved: CallSnapshot) => {
    calls.push(restoredCall(saved, state.run_id));
    for (const toolCall of saved.tool_calls) for (const child of toolCall.children) if (!child.parent_tool_call_id?.includes('/')) visit(child);
  };
  if (state.root) visit(state.root);
  return calls;
}

function restoredCall(saved: CallSnapshot, runId: string): CallState {
  return {
    identity: { run_id: runId, call_id: saved.call_id, parent_call_id: saved.parent_call_id, worker: saved.worker, chain: [...saved.chain] },
    parentToolCallId: saved.parent_tool_call_id,
    depth: saved.chain.length - 1,
    workerSha256: saved.worker_sha256,
    system: saved.system,
    restrictions: saved.restrictions.map((restriction) => ({ ...restriction })),
    boundMounts: (saved.bound_mounts ?? []).map(restoredBoundMount),
    messages: saved.messages,
    historyLength: saved.history_length,
    maxSteps: saved.max_steps,
    step: saved.step,
    stepLimit: saved.step_limit,
    repaired: saved.repaired,
    canPause: true,
    toolCalls: saved.tool_calls.map((toolCall): ToolCallState => {
      const restored: ToolCallState = { toolCallId: toolCall.tool_call_id, tool: toolCall.tool, args: toolCall.args, status: toolCall.status };
      if (toolCall.approval) restored.approval = { ...toolCall.approval };
      if (toolCall.question) restored.question = { ...toolCall.question };
      if (toolCall.answer) restored.answer = toolCall.answer;
      if (toolCall.denied) restored.denied = true;
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
const savedMessages = new WeakMap<ModelMessage, ModelMessage>();

function savedMessage(message: ModelMessage): ModelMessage {
  let saved = savedMessages.get(message);
  if (!saved) savedMessages.set(message, (saved = jsonSafe(message) as ModelMessage));
  return saved;
}

/** A deep copy that JSON keeps unchanged: bytes become base64 text, URLs their address, `undefined` members are left out. */
function jsonSafe(value: unknown): unknown {
  if (value instanceof Uint8Array) return base64(value);
  if (value instanceof ArrayBuffer) return base64(new Uint8Array(value));
  if (value instanceof URL) return value.href;
  if (Array.isArray(value)) return value.map((item) => jsonSafe(item) ?? null);
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    // Defined, not assigned: a `__proto__` key from the model stays an ordinary key.
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) Object.defineProperty(copy, key, { value: jsonSafe(item), enumerable: true, writable: true, configurable: true });
    }
    return copy;
  }
  return value;
}

/** Base64 without `Buffer`, so the runtime stays portable (docs/browser.md); in chunks, so large files do not overflow the call stack. */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}
