/**
 * A multi-turn conversation with a worker (SPEC §14). The entry worker keeps its message history
 * across user turns; its tools stay fixed for the conversation (they are prepared once); each turn
 * has its own abort signal, so cancelling a turn leaves the session and its history as they were.
 */
import type { ModelMessage } from 'ai';
import type { RunEvent, UsageSummary } from './events.ts';
import { type RunWorkerOptions } from './run-worker.ts';
import type { RunSnapshot } from './state.ts';
export interface ChatSessionOptions extends Omit<RunWorkerOptions, 'input' | 'attachments'> {
    /** The conversation to go on with (`conversationOf` a turn's saved state: `chat --resume`). */
    history?: readonly ModelMessage[];
}
/**
 * The conversation a chat turn's saved state holds: everything up to that turn's answer when the
 * turn ended `ok`, else the conversation before the turn (a cut-short turn may end mid tool call).
 */
export declare function conversationOf(state: RunSnapshot, turnEndedOk: boolean): ModelMessage[];
export interface ChatTurnResult {
    /** The worker's reply: text, or the JSON value of a `schema_out` worker. */
    output: unknown;
    /** Older turns dropped to stay within `max_context_tokens` before this turn was sent. */
    droppedTurns: number;
    /** Usage of the whole session so far. */
    usage: UsageSummary;
}
export interface ChatSession {
    /** Entry worker id. */
    readonly worker: string;
    readonly model: string;
    /** Every event of the session, in order. */
    readonly events: AsyncIterable<RunEvent>;
    /**
     * Sends one user message and resolves with the reply. `signal` cancels this turn only: the
     * promise rejects with AbortedError and the history stays as it was before the turn.
     */
    send(input: string, options?: {
        signal?: AbortSignal;
    }): Promise<ChatTurnResult>;
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
export declare function startChatSession(options: ChatSessionOptions): Promise<ChatSession>;
