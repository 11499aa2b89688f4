/**
 * The approval gate (docs/tools.md, docs/durable-runs.md): every tool call of a run passes through it, sub-workers
 * included. `precheck` settles what needs nobody (rule, persistent grant, session memory); `ask`
 * puts the question to the run's decision source; `apply` remembers what the answer says and emits
 * the `approval_decision` event naming what decided. A worker's question to the person (`ask_user`)
 * goes through the same gate, so it is put to the same source and waits its turn with the approvals.
 */
import { randomUUID } from '../crypto.ts';
import { AbortedError, RunError } from '../errors.ts';
import type { ApprovalRule } from '../worker-file/schema.ts';
import { NO_ANSWERER, nobodyToAnswer, type Answer, type ApprovalQuestion, type Decision, type DecisionSource, type UserQuestion } from './decision-source.ts';
import type { ProjectGrants } from './grants.ts';
import { createSessionMemory, type SessionMemory, type ToolKey } from './session-memory.ts';
import type { ApprovalDecision, ApprovalEvent, ApprovalRequest, UserAnswer, UserQuestionRequest } from './types.ts';
import { untilAborted } from './until-aborted.ts';

export interface GateOptions {
  /** Who answers the calls that need a decision. */
  source: DecisionSource;
  /** Session approvals; a fresh memory by default. Pass one to share it between gates. */
  memory?: SessionMemory;
  /** The project's persistent grants; without them a `project` answer is remembered for the session only. */
  grants?: ProjectGrants;
  /** Receives an `approval_request` before an interactive source is asked, and an `approval_decision` for every call. */
  onEvent?: (event: ApprovalEvent) => void;
}

export interface ApprovalGate {
  /** The decision that needs nobody (rule, grant, session memory), or undefined when the source must be asked. */
  precheck(request: ApprovalRequest, rule: ApprovalRule): ApprovalDecision | undefined;
  /** Asks the source: one question at a time for an interactive source, re-checking memory after the wait. */
  ask(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision>;
  /** Decides one call under its resolved rule; throws `RunError` (`aborted-by-user`) on an abort answer. */
  authorize(request: ApprovalRequest, rule: ApprovalRule, signal?: AbortSignal): Promise<ApprovalDecision>;
  /** Puts a worker's question to the source, one prompt at a time with the approvals of an interactive source. */
  askUser(request: UserQuestionRequest, signal?: AbortSignal): Promise<UserAnswer>;
}

/** Creates the gate of one run. */
export function createApprovalGate(options: GateOptions): ApprovalGate {
  const { source, grants, onEvent, memory = createSessionMemory() } = options;
  // Questions are put one at a time: each asker waits for every earlier one to finish.
  let queue: Promise<void> = Promise.resolve();
  let abortedByUser: RunError | undefined;

  function decided(request: ApprovalRequest, decision: ApprovalDecision): ApprovalDecision {
    // A pending call is not decided yet: its approval_request says it waits.
    if (decision.pending) return decision;
    onEvent?.({
      type: 'approval_decision',
      chain: request.chain,
      callId: request.callId,
      toolCallId: request.toolCallId,
      tool: request.toolName,
      approved: decision.approved,
      source: decision.source,
      ...(decision.approved ? {} : { reason: decision.message }),
    });
    return decision;
  }

  function remembered(request: ApprovalRequest): ApprovalDecision | undefined {
    const key = toolKeyOf(request);
    if (grants?.covers(key, request.args)) return { approved: true, source: 'grant' };
    if (memory.isApproved(key, request.args)) return { approved: true, source: 'session' };
    return undefined;
  }

  function precheck(request: ApprovalRequest, rule: ApprovalRule): ApprovalDecision | undefined {
    if (rule === 'preApproved') return { approved: true, source: 'rule' };
    // Before grants and memory: nothing a person or a grant said widens a `blocked` rule.
    if (rule === 'blocked') return { approved: false, source: 'policy', message: 'blocked by policy' };
    // A call put again with a note (it may already have run) is for the source to decide.
    return request.note ? undefined : remembered(request);
  }

  function requested(request: ApprovalRequest, question: ApprovalQuestion): void {
    onEvent?.({
      type: 'approval_request',
      chain: request.chain,
      callId: request.callId,
      toolCallId: request.toolCallId,
      tool: request.toolName,
      approvalId: question.approval_id,
      args: request.args,
      ...(request.askReason ? { reason: request.askReason } : {}),
    });
  }

  async function apply(request: ApprovalRequest, decision: Decision, question: ApprovalQuestion): Promise<ApprovalDecision> {
    const by = source.decidedBy;
    switch (decision.action) {
      case 'approve': {
        const key = toolKeyOf(request);
        if (decision.remember === 'tool') memory.approveTool(key);
        else if (decision.remember === 'project' && grants) await grants.add(key, request.args);
        else if (decision.remember) memory.approveCall(key, request.args);
        return { approved: true, source: by };
      }
      case 'deny': {
        const reason = decision.reason?.trim();
        const message = decision.message ?? (reason ? `denied by user: ${reason}` : 'denied by user');
        return { approved: false, source: by, message };
      }
      case 'pause': {
        if (!request.canPause) {
          const message = `denied: ${request.toolName} needs a decision, and a run cannot pause inside tool code (ctx.callWorker); decide it with --on-approval ask, or pre-approve it`;
          return { approved: false, source: by, message };
        }
        if (!source.interactive) requested(request, question);
        return { approved: false, source: by, message: 'waiting for a decision', pending: { approvalId: question.approval_id } };
      }
      case 'abort':
        abortedByUser = new RunError('aborted-by-user', request.chain.at(-1) ?? '', `run aborted by user at the approval prompt for ${request.toolName}`);
        decided(request, { approved: false, source: by, message: 'aborted by user' });
        throw abortedByUser;
    }
  }

  /** Runs `put` once every question put before it is finished: one prompt on screen at a time. */
  async function inTurn<T>(signal: AbortSignal | undefined, put: () => Promise<T>): Promise<T> {
    const earlier = queue;
    let finished!: () => void;
    const mine = new Promise<void>((resolve) => (finished = resolve));
    queue = earlier.then(() => mine);
    try {
      await untilAborted(earlier, signal);
      if (abortedByUser) throw abortedByUser;
      return await put();
    } finally {
      finished();
    }
  }

  async function ask(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision> {
    if (!source.interactive) {
      const question = questionOf(request);
      return apply(request, await source.decide(question, signal), question);
    }
    return inTurn(signal, async () => {
      // An earlier answer may have just approved this call or tool.
      const meanwhile = remembered(request);
      if (meanwhile) return meanwhile;
      const question = questionOf(request);
      requested(request, question);
      return apply(request, await untilAborted(source.decide(question, signal), signal), question);
    });
  }

  function answered(request: UserQuestionRequest, answer: Answer, question: UserQuestion): UserAnswer {
    switch (answer.action) {
      case 'answer':
        return { answered: true, text: answer.text };
      case 'refuse':
        return { answered: false, message: answer.message };
      case 'pause':
        if (!request.canPause)
          return { answered: false, message: nobodyToAnswer('a run cannot pause inside tool code (ctx.callWorker) to wait for an answer').message };
        return { answered: false, message: 'waiting for an answer', pending: { questionId: question.question_id } };
    }
  }

  async function askUser(request: UserQuestionRequest, signal?: AbortSignal): Promise<UserAnswer> {
    if (signal?.aborted) throw new AbortedError();
    if (abortedByUser) throw abortedByUser;
    const { answer } = source;
    const question: UserQuestion = {
      question_id: request.questionId ?? randomUUID(),
      call_id: request.callId ?? '',
      tool_call_id: request.toolCallId ?? '',
      chain: request.chain,
      question: request.question,
    };
    if (!answer) return answered(request, nobodyToAnswer(NO_ANSWERER), question);
    const put = async () => answered(request, await untilAborted(answer.call(source, question, signal), signal), question);
    return source.interactive ? inTurn(signal, put) : put();
  }

  return {
    precheck,
    ask,
    askUser,
    async authorize(request, rule, signal) {
      if (signal?.aborted) throw new AbortedError();
      if (abortedByUser) throw abortedByUser;
      return decided(request, precheck(request, rule) ?? (await ask(request, signal)));
    },
  };
}

function toolKeyOf(request: ApprovalRequest): ToolKey {
  return { toolset: request.toolset, tool: request.toolName };
}

function questionOf(request: ApprovalRequest): ApprovalQuestion {
  return {
    approval_id: request.approvalId ?? randomUUID(),
    call_id: request.callId ?? '',
    tool_call_id: request.toolCallId ?? '',
    chain: request.chain,
    toolset: request.toolset,
    tool: request.toolName,
    args: request.args,
    description: request.description,
    ...(request.note ? { note: request.note } : {}),
    ...(request.askReason ? { reason: request.askReason } : {}),
  };
}
