/**
 * Decision sources (SPEC §17): who answers an approval question the gate could not settle by rule,
 * grant or session memory. The terminal is one source among others, so a run decides the same way
 * whether a person, a policy, a callback or a list of answers given in advance is behind it.
 */
import type { ApprovalPrompter, ApprovalSource } from './types.ts';
/** What a source is asked: the tool call, named as the run's events name it. */
export interface ApprovalQuestion {
    /** Unique per question. */
    approval_id: string;
    call_id: string;
    tool_call_id: string;
    /** Worker ids from the entry worker to the one calling the tool. */
    chain: readonly string[];
    toolset: string;
    tool: string;
    args: unknown;
    description: string;
    /** Why the question is put again (`may already have run`: the call started before a crash). */
    note?: string;
}
/**
 * A source's answer. `remember` extends an approval: `call` this exact call for the session, `tool`
 * this tool for the session, `project` a persistent grant of this exact call (`.llm-do/approvals.yaml`).
 * `message` replaces the whole model-visible denial text; `abort` ends the run; `pause` leaves the
 * call waiting, and the run stops `paused` once nothing else can go on (SPEC §17).
 */
export type Decision = {
    action: 'approve';
    remember?: 'call' | 'tool' | 'project';
} | {
    action: 'deny';
    reason?: string;
    message?: string;
} | {
    action: 'pause';
} | {
    action: 'abort';
};
export interface DecisionSource {
    /** What the source is, for `--on-approval` and library callers. */
    readonly mode: 'ask' | 'approve' | 'deny' | 'pause' | 'callback' | 'decisions';
    /** What the `approval_decision` event says decided when this source answered. */
    readonly decidedBy: ApprovalSource;
    /** Interactive sources are asked one question at a time, with memory re-checked after the wait. */
    readonly interactive: boolean;
    decide(question: ApprovalQuestion, signal?: AbortSignal): Promise<Decision>;
}
/** Approves every question (`--on-approval approve`). */
export declare const approveAll: DecisionSource;
/** Denies every question with `message` as the model-visible text (`--on-approval deny`). */
export declare function denyAll(message?: string): DecisionSource;
/** Leaves every question pending (`--on-approval pause`): the run stops and is resumed once decided. */
export declare const pauseAll: DecisionSource;
/** The denial a tool call gets when a person should be asked but nobody can be. */
export declare function noTerminalMessage(toolName: string): string;
/** `ask` mode without anyone to ask: denies, saying why (SPEC §8). */
export declare const noTerminal: DecisionSource;
/**
 * Answers given in advance, by `approval_id` or `tool_call_id`; `fallback` answers the rest. Each
 * answer is used once: it decides the question it was given for, never a later call that happens
 * to reuse an id (a tool call id is the model's to choose).
 *
 * @example
 * fromDecisions(new Map([['call-1', { action: 'approve' }]]), denyAll('not decided in advance'));
 */
export declare function fromDecisions(decisions: ReadonlyMap<string, Decision>, fallback: DecisionSource): DecisionSource;
/** A person answering through a prompter (the terminal's a/s/t/p/d/q). */
export declare function fromPrompter(prompter: ApprovalPrompter): DecisionSource;
/**
 * A function deciding each question (a browser, a web UI, a library caller). A thrown error fails
 * the tool call's authorisation as any error would; anything but a `Decision` is treated as a denial.
 */
export declare function callback(decide: (question: ApprovalQuestion) => Decision | Promise<Decision>): DecisionSource;
