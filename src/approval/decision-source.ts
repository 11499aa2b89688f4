/**
 * Decision sources (docs/library-api.md): who answers an approval question the gate could not settle by rule,
 * grant or session memory, and a worker's questions to the person (`ask_user`, docs/worker-format.md). The
 * terminal is one source among others, so a run decides the same way whether a person, a policy, a
 * callback or a list of answers given in advance is behind it.
 */
import type { ApprovalAnswer, ApprovalPrompter, ApprovalRequest, ApprovalSource } from './types.ts';

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
  /** Why a call that a rule would pre-approve asks after all (`option "-W" is not an option known to be safe for awk`). */
  reason?: string;
}

/**
 * A source's answer. `remember` extends an approval: `call` this exact call for the session, `tool`
 * this tool for the session, `project` a persistent grant of this exact call (`.llm-do/approvals.yaml`).
 * `message` replaces the whole model-visible denial text; `abort` ends the run; `pause` leaves the
 * call waiting, and the run stops `paused` once nothing else can go on (docs/library-api.md).
 */
export type Decision =
  | { action: 'approve'; remember?: 'call' | 'tool' | 'project' }
  | { action: 'deny'; reason?: string; message?: string }
  | { action: 'pause' }
  | { action: 'abort' };

/** A worker's question to the person (`ask_user`), named as the run's events name its call. */
export interface UserQuestion {
  /** Unique per question. */
  question_id: string;
  call_id: string;
  tool_call_id: string;
  /** Worker ids from the entry worker to the one asking. */
  chain: readonly string[];
  /** As the model wrote it: escape it before showing it on a terminal. */
  question: string;
}

/**
 * A source's answer to a question: the person's `text`; `refuse` when nobody can answer (`message`
 * is the model-visible error); `pause` leaves it waiting (docs/library-api.md). A person who wants to stop the
 * run stops it (Ctrl-C, the caller's signal).
 */
export type Answer = { action: 'answer'; text: string } | { action: 'refuse'; message: string } | { action: 'pause' };

export interface DecisionSource {
  /** What the source is, for `--on-approval` and library callers. */
  readonly mode: 'ask' | 'approve' | 'deny' | 'pause' | 'callback' | 'decisions';
  /** What the `approval_decision` event says decided when this source answered. */
  readonly decidedBy: ApprovalSource;
  /** Interactive sources are asked one question at a time, with memory re-checked after the wait. */
  readonly interactive: boolean;
  decide(question: ApprovalQuestion, signal?: AbortSignal): Promise<Decision>;
  /** Answers a worker's question; absent: nobody can answer, and the question is refused. */
  answer?(question: UserQuestion, signal?: AbortSignal): Promise<Answer>;
}

/** The refusal an `ask_user` call gets when no person can answer it: `why` says why not. */
export function nobodyToAnswer(why: string): Extract<Answer, { action: 'refuse' }> {
  return { action: 'refuse', message: `nobody can answer: ${why}` };
}

/** Approves every question (`--on-approval approve`); a worker's question has nobody to answer it. */
export const approveAll: DecisionSource = {
  mode: 'approve',
  decidedBy: 'mode',
  interactive: false,
  decide: async () => ({ action: 'approve' }),
  answer: async () => nobodyToAnswer('this run approves tool calls without asking anyone (on-approval: approve)'),
};

/** Denies every question with `message` as the model-visible text (`--on-approval deny`), and refuses a worker's questions. */
export function denyAll(message = 'denied by policy (auto_deny)'): DecisionSource {
  return {
    mode: 'deny',
    decidedBy: 'policy',
    interactive: false,
    decide: async () => ({ action: 'deny', message }),
    answer: async () => nobodyToAnswer('this run refuses questions to the user (on-approval: deny)'),
  };
}

/** Leaves every question pending (`--on-approval pause`): the run stops and is resumed once decided or answered. */
export const pauseAll: DecisionSource = {
  mode: 'pause',
  decidedBy: 'mode',
  interactive: false,
  decide: async () => ({ action: 'pause' }),
  answer: async () => ({ action: 'pause' }),
};

/** The denial a tool call gets when a person should be asked but nobody can be. */
export function noTerminalMessage(toolName: string): string {
  return `approval needed for ${toolName} but no terminal; use --approve-all or pre-approve the tool`;
}

/** `ask` mode without anyone to ask: denies, saying why (docs/tools.md). */
export const noTerminal: DecisionSource = {
  mode: 'ask',
  decidedBy: 'no-terminal',
  interactive: false,
  decide: async (question) => ({ action: 'deny', message: noTerminalMessage(question.tool) }),
  answer: async () => nobodyToAnswer('there is no terminal to ask the user at; run with --on-approval pause to answer later (llm-do answer)'),
};

/**
 * Decisions given in advance, by `approval_id` or `tool_call_id`, and answers to questions, by
 * `question_id`; `fallback` decides and answers the rest. Each is used once: it settles the question
 * it was given for, never a later call that happens to reuse an id (a tool call id is the model's to choose).
 *
 * @example
 * fromDecisions(new Map([['call-1', { action: 'approve' }]]), denyAll('not decided in advance'));
 */
export function fromDecisions(
  decisions: ReadonlyMap<string, Decision>,
  fallback: DecisionSource,
  answers: ReadonlyMap<string, string> = new Map(),
): DecisionSource {
  const unused = new Map(decisions);
  const unanswered = new Map(answers);
  const take = <T>(given: Map<string, T>, id: string) => {
    const value = given.get(id);
    given.delete(id);
    return value;
  };
  return {
    mode: 'decisions',
    decidedBy: 'user',
    interactive: fallback.interactive,
    async decide(question, signal) {
      const given = take(unused, question.approval_id) ?? take(unused, question.tool_call_id);
      return given ?? fallback.decide(question, signal);
    },
    async answer(question, signal) {
      const text = take(unanswered, question.question_id);
      if (text !== undefined) return { action: 'answer', text };
      return fallback.answer ? fallback.answer(question, signal) : nobodyToAnswer(NO_ANSWERER);
    },
  };
}

/** Why a question is refused by a source that has no `answer`. */
export const NO_ANSWERER = 'the run has nobody to put questions to';

/** A person answering through a prompter (the terminal's a/s/t/p/d/q, and a line of text for a question). */
export function fromPrompter(prompter: ApprovalPrompter): DecisionSource {
  return {
    mode: 'ask',
    decidedBy: 'user',
    interactive: true,
    async decide(question, signal) {
      return decisionOf(await prompter.ask(requestOf(question), signal));
    },
    async answer(question, signal) {
      if (!prompter.answer) return nobodyToAnswer('the approval prompter of this run cannot ask questions');
      const { question_id, call_id, tool_call_id, chain } = question;
      const text = await prompter.answer(
        {
          chain,
          question: question.question,
          questionId: question_id,
          ...(call_id ? { callId: call_id } : {}),
          ...(tool_call_id ? { toolCallId: tool_call_id } : {}),
        },
        signal,
      );
      return { action: 'answer', text };
    },
  };
}

/**
 * What answers a worker's question in a library (`onQuestion`): the answer's text, or `{ refuse }`
 * to decline (the model is told `nobody can answer: <refuse>`).
 */
export type AnswerQuestion = (question: UserQuestion) => string | { refuse: string } | Promise<string | { refuse: string }>;

/**
 * A function deciding each question (a browser, a web UI, a library caller). A thrown error fails
 * the tool call's authorisation as any error would; anything but a `Decision` is treated as a denial.
 * Worker questions are refused unless `answeringWith` adds what answers them (`onQuestion`).
 */
export function callback(decide: (question: ApprovalQuestion) => Decision | Promise<Decision>): DecisionSource {
  return {
    mode: 'callback',
    decidedBy: 'callback',
    interactive: true,
    async decide(question) {
      const decision = await decide(question);
      return isDecision(decision) ? decision : { action: 'deny', message: 'denied: the approval callback returned no decision' };
    },
    answer: async () => nobodyToAnswer('the run has no onQuestion callback'),
  };
}

/** `source` with its questions answered by `answer` (a library's `onQuestion`) instead. */
export function answeringWith(source: DecisionSource, answer: AnswerQuestion): DecisionSource {
  return { ...source, answer: answeredBy(answer) };
}

function answeredBy(answer: AnswerQuestion): NonNullable<DecisionSource['answer']> {
  return async (question) => {
    const given: unknown = await answer(question);
    if (typeof given === 'string') return { action: 'answer', text: given };
    const refusal = (given as { refuse?: unknown } | null)?.refuse;
    return nobodyToAnswer(typeof refusal === 'string' ? refusal : 'the question callback returned no text');
  };
}

function isDecision(value: unknown): value is Decision {
  if (typeof value !== 'object' || value === null) return false;
  const { action, remember } = value as { action?: unknown; remember?: unknown };
  if (action === 'approve') return remember === undefined || remember === 'call' || remember === 'tool' || remember === 'project';
  return action === 'deny' || action === 'abort' || action === 'pause';
}

function requestOf(question: ApprovalQuestion): ApprovalRequest {
  return {
    chain: question.chain,
    toolset: question.toolset,
    toolName: question.tool,
    args: question.args,
    description: question.description,
    // Empty ids stand for a call made outside the runtime (a bare controller); the prompter gets none.
    ...(question.call_id ? { callId: question.call_id } : {}),
    ...(question.tool_call_id ? { toolCallId: question.tool_call_id } : {}),
    ...(question.note ? { note: question.note } : {}),
    ...(question.reason ? { askReason: question.reason } : {}),
  };
}

function decisionOf(answer: ApprovalAnswer): Decision {
  switch (answer.action) {
    case 'approve_once':
      return { action: 'approve' };
    case 'approve_call':
      return { action: 'approve', remember: 'call' };
    case 'approve_tool':
      return { action: 'approve', remember: 'tool' };
    case 'approve_project':
      return { action: 'approve', remember: 'project' };
    case 'deny':
      return answer.reason ? { action: 'deny', reason: answer.reason } : { action: 'deny' };
    case 'abort':
      return { action: 'abort' };
  }
}
