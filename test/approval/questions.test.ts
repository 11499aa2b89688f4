/**
 * Worker questions in the approval layer (docs/worker-format.md): every decision source answers or refuses them,
 * answers given in advance are used once by question id, and the gate puts a question through the
 * same one-at-a-time queue as the approvals of an interactive source.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answeringWith,
  approveAll,
  callback,
  denyAll,
  fromDecisions,
  fromPrompter,
  noTerminal,
  pauseAll,
  type DecisionSource,
  type UserQuestion,
} from '../../src/approval/decision-source.ts';
import { createApprovalGate } from '../../src/approval/gate.ts';
import type { ApprovalAnswer, ApprovalRequest, UserQuestionRequest } from '../../src/approval/types.ts';
import { AbortedError } from '../../src/errors.ts';

afterEach(() => vi.useRealTimers());

const question = (over: Partial<UserQuestion> = {}): UserQuestion => ({
  question_id: 'q1',
  call_id: 'c2',
  tool_call_id: 't1',
  chain: ['main', 'planner'],
  question: 'Which city?',
  ...over,
});
const asked = (over: Partial<UserQuestionRequest> = {}): UserQuestionRequest => ({
  chain: ['main', 'planner'],
  question: 'Which city?',
  callId: 'c2',
  toolCallId: 't1',
  ...over,
});
const approval: ApprovalRequest = {
  chain: ['main'],
  toolset: 'filesystem',
  toolName: 'write_file',
  args: { path: 'a' },
  description: 'Write',
  callId: 'c1',
  toolCallId: 't2',
};

/** A promise with its resolve function, to hold a source's answer until a test lets it go. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('questions and decision sources', () => {
  it('sources without a person refuse, saying why; pause leaves the question waiting', async () => {
    expect(await approveAll.answer!(question())).toEqual({
      action: 'refuse',
      message: 'nobody can answer: this run approves tool calls without asking anyone (on-approval: approve)',
    });
    expect(await denyAll('custom').answer!(question())).toEqual({
      action: 'refuse',
      message: 'nobody can answer: this run refuses questions to the user (on-approval: deny)',
    });
    expect(await noTerminal.answer!(question())).toEqual({
      action: 'refuse',
      message: 'nobody can answer: there is no terminal to ask the user at; run with --on-approval pause to answer later (llm-do answer)',
    });
    expect(await pauseAll.answer!(question())).toEqual({ action: 'pause' });
  });

  it('fromDecisions answers by question id, each answer once, and falls back for the rest', async () => {
    const source = fromDecisions(new Map(), pauseAll, new Map([['q1', 'Lisbon']]));
    expect(await source.answer!(question())).toEqual({ action: 'answer', text: 'Lisbon' });
    expect(await source.answer!(question())).toEqual({ action: 'pause' });
    // A tool call id is never taken for a question id.
    expect(await fromDecisions(new Map(), denyAll(), new Map([['t1', 'Lisbon']])).answer!(question())).toMatchObject({ action: 'refuse' });
  });

  it('a prompter answers with the typed text, under the question id; one without answer() refuses', async () => {
    const seen: UserQuestionRequest[] = [];
    const ask = async (): Promise<ApprovalAnswer> => ({ action: 'approve_once' });
    expect(await fromPrompter({ ask, answer: async (request) => (seen.push(request), 'Porto') }).answer!(question())).toEqual({
      action: 'answer',
      text: 'Porto',
    });
    expect(seen).toEqual([{ chain: ['main', 'planner'], question: 'Which city?', questionId: 'q1', callId: 'c2', toolCallId: 't1' }]);
    expect(await fromPrompter({ ask }).answer!(question())).toEqual({
      action: 'refuse',
      message: 'nobody can answer: the approval prompter of this run cannot ask questions',
    });
  });

  it('callback and onQuestion: text answers, { refuse } declines, anything else is refused', async () => {
    const decide = () => ({ action: 'approve' as const });
    expect(await callback(decide).answer!(question())).toEqual({ action: 'refuse', message: 'nobody can answer: the run has no onQuestion callback' });
    expect(await answeringWith(callback(decide), () => 'Rome').answer!(question())).toEqual({ action: 'answer', text: 'Rome' });
    expect(await answeringWith(denyAll(), () => ({ refuse: 'not now' })).answer!(question())).toEqual({
      action: 'refuse',
      message: 'nobody can answer: not now',
    });
    expect(await answeringWith(denyAll(), () => null as never).answer!(question())).toEqual({
      action: 'refuse',
      message: 'nobody can answer: the question callback returned no text',
    });
    // Approvals stay with the source onQuestion was added to.
    expect(
      await answeringWith(denyAll(), () => 'x').decide({
        approval_id: 'a',
        call_id: 'c',
        tool_call_id: 't',
        chain: ['main'],
        toolset: 'filesystem',
        tool: 'write_file',
        args: {},
        description: '',
      }),
    ).toEqual({
      action: 'deny',
      message: 'denied by policy (auto_deny)',
    });
  });
});

describe('questions at the gate', () => {
  it('pause: pending under the id it was asked with (a new one otherwise); refused where the run cannot pause', async () => {
    const gate = createApprovalGate({ source: pauseAll });
    expect(await gate.askUser(asked({ canPause: true, questionId: 'q7' }))).toEqual({
      answered: false,
      message: 'waiting for an answer',
      pending: { questionId: 'q7' },
    });
    const fresh = await gate.askUser(asked({ canPause: true }));
    expect(fresh.pending?.questionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await gate.askUser(asked())).toEqual({
      answered: false,
      message: 'nobody can answer: a run cannot pause inside tool code (ctx.callWorker) to wait for an answer',
    });
  });

  it('a source without answer() refuses; an aborted signal throws', async () => {
    const silent: DecisionSource = { mode: 'callback', decidedBy: 'callback', interactive: true, decide: async () => ({ action: 'approve' }) };
    expect(await createApprovalGate({ source: silent }).askUser(asked())).toEqual({
      answered: false,
      message: 'nobody can answer: the run has nobody to put questions to',
    });
    const controller = new AbortController();
    controller.abort();
    await expect(createApprovalGate({ source: pauseAll }).askUser(asked(), controller.signal)).rejects.toSatisfy(AbortedError.isInstance);
  });

  it('an interactive source is asked one thing at a time: an approval waits for the open question, and the other way round', async () => {
    const order: string[] = [];
    const typed = deferred<string>();
    const chosen = deferred<ApprovalAnswer>();
    const approvalAsked = deferred<void>();
    const gate = createApprovalGate({
      source: fromPrompter({
        ask: async () => (order.push('approval asked'), approvalAsked.resolve(), chosen.promise),
        answer: async () => (order.push('question asked'), typed.promise),
      }),
    });
    const answer = gate.askUser(asked());
    const decision = gate.authorize(approval, 'ask');
    const second = gate.askUser(asked({ question: 'When?' }));
    // Whatever time passes, nothing else is asked while the question is open.
    vi.useFakeTimers();
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(order).toEqual(['question asked']);
    typed.resolve('Lisbon');
    expect(await answer).toEqual({ answered: true, text: 'Lisbon' });
    await approvalAsked.promise;
    expect(order).toEqual(['question asked', 'approval asked']);
    chosen.resolve({ action: 'approve_once' });
    expect(await decision).toMatchObject({ approved: true });
    expect(await second).toEqual({ answered: true, text: 'Lisbon' });
    expect(order).toEqual(['question asked', 'approval asked', 'question asked']);
  });
});
