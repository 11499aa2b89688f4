/**
 * A multi-turn conversation with a worker (docs/library-api.md). The entry worker keeps its message history
 * across user turns; its tools stay fixed for the conversation (they are prepared once); each turn
 * has its own abort signal, so cancelling a turn leaves the session and its history as they were.
 */
import type { ModelMessage } from 'ai';
import type { CallIdentity, RunEvent, UsageSummary } from './events.ts';
import { UsageError } from '../errors.ts';
import { endRun } from './end-run.ts';
import { executeWorker } from './execute-worker.ts';
import { estimateTokens, trimHistory } from './history.ts';
import { bindEntryMounts, boundMountEvents } from './bound-mounts.ts';
import { prepareInput } from './input.ts';
import { applyOverrides } from './overrides.ts';
import { preflight } from './prepare-worker.ts';
import { nextCallId } from './run-context.ts';
import { createRunScope, createTurnScope, openRunBus } from './run-scope.ts';
import type { RunInternals, RunWorkerOptions } from './run-options.ts';
import type { RunSnapshot } from './saved-state.ts';
import type { RunTags } from './run-store.ts';

export interface ChatSessionOptions extends Omit<RunWorkerOptions, 'input' | 'attachments'> {
  /** The conversation to go on with (`conversationOf` a turn's saved state: `chat --resume`). */
  history?: readonly ModelMessage[];
  /**
   * The id of the conversation `history` comes from, so the run log groups the new turns with it
   * (docs/runs.md, "Conversations"). @default a new conversation, named after its first turn's run id
   */
  conversationId?: string;
}

/**
 * The conversation a chat turn's saved state holds: everything up to that turn's answer when the
 * turn ended `ok`, else the conversation before the turn (a cut-short turn may end mid tool call).
 */
export function conversationOf(state: RunSnapshot, turnEndedOk: boolean): ModelMessage[] {
  if (!state.root) return [];
  return turnEndedOk ? [...state.root.messages] : state.root.messages.slice(0, state.root.history_length);
}

export interface ChatTurnResult {
  /** The worker's reply: text, or the JSON value of a `schema_out` worker. */
  output: unknown;
  /** Older turns dropped to stay within `max_context_tokens` (or `context.max_tokens`) before this turn was sent. */
  droppedTurns: number;
  /** Usage of the whole session so far. */
  usage: UsageSummary;
}

export interface ChatSession {
  /** Entry worker id. */
  readonly worker: string;
  readonly model: string;
  /** The conversation's id: the one joined, else its first turn's run id (undefined before the first turn). */
  readonly conversationId: string | undefined;
  /** Every event of the session, in order. */
  readonly events: AsyncIterable<RunEvent>;
  /**
   * Sends one user message and resolves with the reply. `signal` cancels this turn only: the
   * promise rejects with AbortedError and the history stays as it was before the turn.
   */
  send(input: string, options?: { signal?: AbortSignal }): Promise<ChatTurnResult>;
  /** The conversation so far (user, assistant and tool messages). */
  history(): readonly ModelMessage[];
  usage(): UsageSummary;
  /** Ends the session (closes `events`). */
  close(): void;
}

/**
 * Starts a chat with the entry worker. Configuration errors (no model, missing key, bad schema)
 * reject here, before any request.
 * @example
 * const chat = await startChatSession({ project, model: 'test' });
 * console.log((await chat.send('hello')).output);
 */
export function startChatSession(options: ChatSessionOptions): Promise<ChatSession> {
  return startChatSessionWith(options, {});
}

/** `startChatSession` with what only llm-do's own code sets (a test's models and clock). */
export async function startChatSessionWith(options: ChatSessionOptions, internals: RunInternals): Promise<ChatSession> {
  // A turn waits for its answer: there is no run to pause and resume later in a conversation.
  if (options.onApproval === 'pause')
    throw new UsageError('a chat cannot pause for decisions (onApproval "pause"); use "ask", "approve", "deny" or a function');
  let conversationId = options.conversationId;
  // One bus for the session; each turn is a run of its own (run_id, run_start … run_end), recorded as a turn of the conversation.
  const tagsOf = (): RunTags => ({ kind: 'chat', ...(conversationId === undefined ? {} : { conversation_id: conversationId }) });
  const { bus, events } = openRunBus(options, { tagsOf, ...internals });
  const scope = createRunScope(options, internals, bus);
  const base = scope.ctx;
  const { emit, usage } = base.services;
  const entry = applyOverrides(await options.project.resolveWorker(options.entry ?? options.project.entryId), options.set ?? []);
  const root = await preflight(base, entry);
  // A set budget drops whole old turns first; within a turn the context policy keeps requests under it (docs/worker-format.md, "context").
  const [budgetField, maxContextTokens] =
    entry.config.context?.max_tokens !== undefined
      ? ['context.max_tokens', entry.config.context.max_tokens]
      : ['max_context_tokens', entry.config.max_context_tokens];
  let history: ModelMessage[] = [...(options.history ?? [])];

  return {
    worker: entry.id,
    model: root.modelId,
    get conversationId() {
      return conversationId;
    },
    events,
    async send(text, turnOptions) {
      const signals = [options.signal, turnOptions?.signal].filter((s): s is AbortSignal => s !== undefined);
      // Work of a cancelled turn that is still winding down reports nothing after the turn's run_end.
      let turnOpen = true;
      const emitInTurn: typeof emit = (event) => {
        if (turnOpen) emit(event);
      };
      const turn = createTurnScope(base, emitInTurn, signals.length > 0 ? AbortSignal.any(signals) : undefined);
      conversationId ??= turn.ctx.config.runId;
      const identity: CallIdentity = {
        run_id: turn.ctx.config.runId,
        call_id: nextCallId(base.state),
        parent_call_id: null,
        worker: entry.id,
        chain: [entry.id],
      };
      let droppedTurns = 0;
      try {
        const ended = await endRun(
          turn,
          bus,
          identity,
          async () => {
            const input = prepareInput(root, text);
            const boundMounts = await bindEntryMounts(turn.ctx, root, input);
            emit({ ...identity, type: 'run_start', model: root.modelId, input: input.value, ...boundMountEvents(boundMounts) });
            const trimmed = trimHistory(history, maxContextTokens, estimateTokens({ role: 'user', content: input.text }));
            droppedTurns = trimmed.droppedTurns;
            if (droppedTurns > 0) {
              emit({
                ...identity,
                type: 'warning',
                message: `dropped the ${droppedTurns} oldest turn(s) to stay within ${budgetField} (${maxContextTokens})`,
              });
            }
            return executeWorker(turn.ctx, {
              worker: root,
              input,
              extraInstructions: undefined,
              attachments: [],
              identity,
              parentToolCallId: null,
              restrictions: [],
              boundMounts,
              history: trimmed.messages,
            });
          },
          'turn cancelled',
        );
        // A chat never pauses: startChatSession refuses onApproval "pause".
        if (!ended.outcome) throw ended.result.error ?? new UsageError('a chat turn cannot pause for decisions');
        history = ended.outcome.conversation;
        return { output: ended.outcome.output, droppedTurns, usage: ended.result.usage };
      } finally {
        turnOpen = false;
        turn.dispose();
      }
    },
    history: () => history,
    usage: () => usage.summary(),
    close() {
      void scope.ctx.resources.mcp.closeAll();
      scope.dispose();
      bus.close();
    },
  };
}
