/**
 * The engine's loop over one worker call (docs/decisions.md, "The engine"): one model step, then
 * that step's tool calls run concurrently through the gate (`runToolCall`), their results appended,
 * and again, until the model answers without calling a tool, the step cap, or a failure. The call's
 * history lives in its `CallState`, not inside the AI SDK, and is checkpointed after every model step
 * and every result of a tool that is not idempotent.
 */
import type { JSONValue } from '@ai-sdk/provider';
import type { ModelMessage, ToolModelMessage } from 'ai';
import { CallPaused, RunError } from '../errors.ts';
import type { GatedTool, Toolbox } from '../tools/toolbox.ts';
import type { ToolOutcome } from '../tools/types.ts';
import { validateWith } from '../worker-file/json-schema.ts';
import { DELEGATION_TOOLSET } from './delegation.ts';
import type { ContextKeeper } from './context-keeper.ts';
import type { ModelStep, ModelToolCall } from './model-step.ts';
import type { CallState, PreparedWorker, RunContext, ToolCallState } from './run-context.ts';
import { saveCheckpoint } from './state.ts';
import { stoppedAnswerError } from './stopped-answer.ts';
import { continueToolCall, runToolCall } from './tool-execution.ts';

/** What a call needs while it runs, beyond its state: live objects, rebuilt rather than saved. */
export interface LiveCall {
  ctx: RunContext;
  worker: PreparedWorker;
  toolbox: Toolbox;
  modelStep: ModelStep;
  /** Keeps each request within the worker's context budget (docs/worker-format.md, "context"). */
  context: ContextKeeper;
  /** The rest of a delegation whose worker call was saved under `toolCall` (a resumed run); undefined when there is none. */
  resumeChild(call: CallState, toolCall: ToolCallState): (() => Promise<unknown>) | undefined;
}

/**
 * Runs `call` to its answer: text, or the validated JSON value of a `schema_out` worker. A call
 * restored from a saved state starts with its step's tool calls when it stopped among them. Throws
 * `CallPaused` when a tool call waits for a decision once every other one has finished, and a
 * `refusal` or `truncated` RunError when a step's stop reason ends the call (`stopped-answer.ts`).
 * A turn the provider paused (`pause_turn`) is sent back as it is, to be continued.
 */
export async function driveCall(live: LiveCall, call: CallState): Promise<unknown> {
  const workerId = live.worker.definition.id;
  for (;;) {
    if (call.toolCalls.length > 0) await runToolCalls(live, call);
    if (call.step >= call.stepLimit) {
      throw new RunError('max-steps', workerId, `worker ${workerId} reached max_steps (${call.maxSteps}) without a final answer`);
    }
    await live.context.fit(call, call.step + 1);
    const step = await live.modelStep(call.messages, ++call.step);
    live.ctx.state.finishes.set(call.identity.call_id, step.finish.reason);
    const stopped = stoppedAnswerError(live.ctx, live.worker, step);
    if (stopped) throw stopped;
    const refused = step.responseMessages.at(-1)?.role === 'tool' ? (step.responseMessages.at(-1) as ToolModelMessage) : undefined;
    // The model's message is kept (and saved) before any tool starts.
    const said = refused ? step.responseMessages.slice(0, -1) : step.responseMessages;
    call.messages.push(...said);
    live.context.measured(call.messages.length, step.tokens);
    call.toolCalls = stepToolCalls(said.at(-1), step.toolCalls, refused);
    saveCheckpoint(live.ctx);
    if (call.toolCalls.length > 0 || step.finish.reason === 'pause_turn') continue;
    if (!live.worker.schemaOut) return step.text;
    const parsed = parseStructured(live.worker, step.text);
    if (parsed.ok) return parsed.value;
    if (call.repaired) throw new RunError('invalid-output', workerId, `worker ${workerId} answered with invalid JSON twice: ${parsed.errors.join('; ')}`);
    // One repair round, with a step budget of its own.
    call.repaired = true;
    call.stepLimit = call.step + call.maxSteps;
    call.messages.push({
      role: 'user',
      content: `Your answer does not match the required JSON schema: ${parsed.errors.join('; ')}. Reply again with only the corrected JSON.`,
    });
  }
}

/**
 * Runs the step's unfinished tool calls concurrently, then answers the model in one tool message.
 * A call left waiting for a decision does not stop its siblings: they run to the end first.
 */
async function runToolCalls(live: LiveCall, call: CallState): Promise<void> {
  await Promise.all(call.toolCalls.filter((toolCall) => toolCall.status !== 'done').map((toolCall) => advance(live, call, toolCall)));
  if (call.toolCalls.some((toolCall) => toolCall.status !== 'done')) {
    saveCheckpoint(live.ctx);
    throw new CallPaused();
  }
  call.messages.push({ role: 'tool', content: call.toolCalls.map((toolCall) => toolCall.answer!) });
  call.toolCalls = [];
}

/**
 * The step's tool calls in the order the model made them: those the engine runs, and those the model
 * step already answered (an undeclared tool, arguments that are not JSON).
 */
function stepToolCalls(assistant: ModelMessage | undefined, toRun: ModelToolCall[], refused: ToolModelMessage | undefined): ToolCallState[] {
  const calls: ToolCallState[] = toRun.map((toolCall) => ({ toolCallId: toolCall.toolCallId, tool: toolCall.toolName, args: toolCall.input, status: 'new' }));
  for (const part of refused?.content ?? []) {
    if (part.type === 'tool-result') calls.push({ toolCallId: part.toolCallId, tool: part.toolName, args: undefined, status: 'done', answer: part });
  }
  const order = new Map<string, number>();
  if (assistant?.role === 'assistant' && Array.isArray(assistant.content)) {
    for (const part of assistant.content) if (part.type === 'tool-call') order.set(part.toolCallId, order.size);
  }
  const rank = (toolCall: ToolCallState) => order.get(toolCall.toolCallId) ?? order.size;
  return calls.sort((a, b) => rank(a) - rank(b));
}

/**
 * Takes one tool call as far as it can go: a saved worker call under it is resumed; a call that
 * started before the run stopped runs again only if its tool is idempotent, and otherwise goes
 * back to a decision, noted; the rest go through the gate (a pending one under its question's id,
 * a pending `ask_user` call under its question's id).
 */
async function advance(live: LiveCall, call: CallState, toolCall: ToolCallState): Promise<void> {
  const { toolCallId, tool: toolName } = toolCall;
  // The model step answers calls of undeclared tools itself, and only offered tools are declared.
  const tool = live.toolbox.get(toolName);
  if (!tool) throw new TypeError(`tool ${toolName} was declared to the model but is missing from the toolbox`);
  let outcome: ToolOutcome;
  try {
    const resumed = live.resumeChild(call, toolCall);
    if (resumed) {
      outcome = await continueToolCall(live.ctx, { tool, toolCallId, caller: call.identity }, () => tool.resume(resumed));
    } else {
      const again = toolCall.status !== 'new';
      const unsure = mayHaveRun(tool, toolCall);
      outcome = await runToolCall(live.ctx, {
        tool,
        args: toolCall.args,
        toolCallId,
        caller: call.identity,
        canPause: call.canPause,
        ...(again ? { again: true } : {}),
        ...(toolCall.approval && !toolCall.interrupted ? { approvalId: toolCall.approval.approval_id } : {}),
        ...(toolCall.question ? { questionId: toolCall.question.question_id } : {}),
        ...(unsure ? { note: MAY_HAVE_RUN } : toolCall.approval?.note ? { note: toolCall.approval.note } : {}),
        onAllowed: () => {
          toolCall.status = 'running';
          delete toolCall.interrupted;
          // Saved before it runs, so a crash cannot make it run twice unasked; an idempotent
          // tool's call is run again after a crash anyway, so its start need not be saved.
          if (!tool.idempotent) saveCheckpoint(live.ctx);
        },
      });
    }
  } catch (error) {
    if (!CallPaused.isInstance(error)) throw error;
    // A worker call under this one paused, and is saved under it.
    toolCall.status = 'waiting';
    return;
  }
  if (!outcome.ok && outcome.pending) {
    const { pending } = outcome;
    toolCall.status = 'pending';
    if ('question' in pending) {
      toolCall.question = { question_id: pending.questionId, question: pending.question };
    } else {
      const note = mayHaveRun(tool, toolCall) ? MAY_HAVE_RUN : toolCall.approval?.note;
      toolCall.approval = { approval_id: pending.approvalId, toolset: tool.toolset, description: tool.description, ...(note ? { note } : {}) };
    }
    saveCheckpoint(live.ctx);
    return;
  }
  toolCall.status = 'done';
  delete toolCall.approval;
  delete toolCall.question;
  delete toolCall.interrupted;
  if (outcome.ok) {
    // As the AI SDK would answer it: text as text, anything else as JSON.
    const output = outcome.output;
    toolCall.answer = {
      type: 'tool-result',
      toolCallId,
      toolName,
      output: typeof output === 'string' ? { type: 'text', value: output } : { type: 'json', value: (output ?? null) as JSONValue },
    };
  } else {
    toolCall.answer = { type: 'tool-result', toolCallId, toolName, output: { type: 'error-text', value: outcome.error } };
    if (outcome.denied) toolCall.denied = true;
  }
  // An idempotent tool's result is saved with the next checkpoint (at the latest, after the model
  // step it is sent in): a crash before that runs it again, which such a tool allows.
  if (!tool.idempotent) saveCheckpoint(live.ctx);
}

/**
 * Whether `toolCall` started before its run stopped and may have had effects, so it goes back to a
 * decision. A delegation with no saved worker call under it had none: its callee's every tool call
 * with effects saves the run with the callee under it first, so it runs again under its own rule.
 */
function mayHaveRun(tool: GatedTool, toolCall: ToolCallState): boolean {
  return toolCall.interrupted === true && !tool.idempotent && tool.toolset !== DELEGATION_TOOLSET;
}

/** The note on a call that started before its run stopped and whose tool is not idempotent. */
export const MAY_HAVE_RUN = 'may already have run';

/** Parses a structured answer, tolerating a Markdown code fence around the JSON. */
function parseStructured(worker: PreparedWorker, text: string): { ok: true; value: unknown } | { ok: false; errors: string[] } {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(text);
  let value: unknown;
  try {
    value = JSON.parse(fenced ? (fenced[1] ?? '') : text);
  } catch {
    return { ok: false, errors: ['the answer is not JSON'] };
  }
  return validateWith(worker.schemaOut!.zod, value);
}
