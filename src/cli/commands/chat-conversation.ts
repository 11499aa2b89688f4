/**
 * The recorded conversation a chat goes on with (docs/runs.md, "Conversations"): the one a run
 * belongs to (`chat --resume RUN`), a named one (`--conversation ID`), or the project's last
 * (`--continue`). Its history is the latest turn's saved conversation; the session trims it to the
 * worker's `max_context_tokens` before each turn, as it does a live conversation.
 */
import type { ModelMessage } from 'ai';
import { UsageError } from '../../errors.ts';
import { conversationOf } from '../../runtime/chat-session.ts';
import type { RunSnapshot } from '../../runtime/saved-state.ts';
import type { CliIO } from '../io.ts';
import { openRunLogDatabase } from '../run-setup.ts';

/** Which recorded conversation to join. */
export type ConversationRef = { run: string } | { conversation: string } | { lastOf: string };

export interface JoinedConversation {
  /** The conversation's id: the new turns are recorded with it. */
  id: string;
  /** Its turns so far (a run that was not a chat turn counts as one). */
  turns: number;
  /** The run whose saved conversation goes on. */
  runId: string;
  root: string;
  entry: string | undefined;
  model: string | undefined;
  history: ModelMessage[];
}

export async function joinConversation(ref: ConversationRef, io: CliIO): Promise<JoinedConversation> {
  const { db, store } = await openRunLogDatabase(io);
  try {
    store.settleAbandonedRuns(db);
    const paused = store.createPausedRuns(db);
    const lastOf = (root: string) => {
      const id = store.lastConversationOf(db, root);
      if (id === undefined) throw new UsageError(`no conversation is recorded for the project at ${root} (llm-do chat starts one)`);
      return id;
    };
    const fromRun = (runId: string, state: RunSnapshot, status: string | undefined, id: string, turns: number): JoinedConversation => ({
      id,
      turns,
      runId,
      root: state.project.root,
      entry: state.root?.worker,
      model: state.options.model ?? undefined,
      history: conversationOf(state, status === 'ok'),
    });
    if ('run' in ref) {
      const runId = store.resolveRunId(db, ref.run, '--resume');
      const summary = store.runSummary(db, runId);
      // A run that was no chat turn begins the conversation that goes on from it, named after it.
      const id = summary?.conversation_id ?? runId;
      return fromRun(runId, paused.loadState(runId), summary?.status, id, Math.max(1, store.conversationTurns(db, id).length));
    }
    const id = 'conversation' in ref ? store.resolveConversationId(db, ref.conversation) : lastOf(ref.lastOf);
    const turns = store.conversationTurns(db, id);
    // The newest turn with a saved state: a turn that failed before its first step saved none.
    for (const turn of turns) {
      const state = paused.savedState(turn.id);
      if (state) return fromRun(turn.id, state, turn.status, id, turns.length);
    }
    throw new UsageError(`conversation ${id} has no turn that got as far as a model step, so there is nothing to go on with; start a new chat`);
  } finally {
    db.close();
  }
}
