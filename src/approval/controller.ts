/**
 * The approval controller (SPEC §8): every tool call of a run passes through one of these, sub-workers
 * included, so a session approval given anywhere in the chain counts everywhere.
 */
import { AbortedError, RunError } from '../errors.ts';
import type { ApprovalMode, ApprovalRule } from '../worker/schema.ts';
import { createSessionMemory, type SessionMemory, type ToolKey } from './session-memory.ts';
import { untilAborted } from './until-aborted.ts';
import type {
  ApprovalAnswer,
  ApprovalController,
  ApprovalDecision,
  ApprovalEvent,
  ApprovalPrompter,
  ApprovalRequest,
} from './types.ts';

/** Options of `createApprovalController`. */
export interface ApprovalControllerOptions {
  /** How `ask` calls are decided. */
  mode: ApprovalMode;
  /** Asks a person; absent means there is no terminal, so `interactive` denies every `ask` call. */
  prompter?: ApprovalPrompter;
  /** Receives an `approval_request` before each prompt and an `approval_decision` for every call. */
  onEvent?: (event: ApprovalEvent) => void;
  /** Session approvals; a fresh memory by default. Pass one to share it between controllers. */
  memory?: SessionMemory;
}

/** The denial a tool call gets in interactive mode when nobody can be asked. */
export function noTerminalMessage(toolName: string): string {
  return `approval needed for ${toolName} but no terminal; use --approve-all or pre-approve the tool`;
}

/**
 * Creates the controller of one run.
 *
 * @example
 * const controller = createApprovalController({ mode: 'interactive', prompter, onEvent: emit });
 * const decision = await controller.authorize({ chain: ['main'], toolset: 'filesystem', toolName: 'write_file', args, description }, 'ask');
 */
export function createApprovalController(options: ApprovalControllerOptions): ApprovalController {
  const { mode, prompter, onEvent, memory = createSessionMemory() } = options;
  // Prompts are shown one at a time: each asker waits for every earlier one to finish.
  let promptQueue: Promise<void> = Promise.resolve();
  let abortedByUser: RunError | undefined;

  function decided(request: ApprovalRequest, decision: ApprovalDecision): ApprovalDecision {
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

  async function askPerson(asker: ApprovalPrompter, request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision> {
    const earlier = promptQueue;
    let finished!: () => void;
    const mine = new Promise<void>((resolve) => (finished = resolve));
    promptQueue = earlier.then(() => mine);
    try {
      await untilAborted(earlier, signal);
      if (abortedByUser) throw abortedByUser;
      // Another prompt may have just approved this call or tool for the session.
      if (memory.isApproved(toolKeyOf(request), request.args)) return { approved: true, source: 'session' };
      onEvent?.({ type: 'approval_request', chain: request.chain, callId: request.callId, toolCallId: request.toolCallId, tool: request.toolName, args: request.args });
      const answer = await untilAborted(asker.ask(request, signal), signal);
      return applyAnswer(request, answer);
    } finally {
      finished();
    }
  }

  function applyAnswer(request: ApprovalRequest, answer: ApprovalAnswer): ApprovalDecision {
    switch (answer.action) {
      case 'approve_once':
        return { approved: true, source: 'user' };
      case 'approve_call':
        memory.approveCall(toolKeyOf(request), request.args);
        return { approved: true, source: 'user' };
      case 'approve_tool':
        memory.approveTool(toolKeyOf(request));
        return { approved: true, source: 'user' };
      case 'deny': {
        const reason = answer.reason?.trim();
        return { approved: false, source: 'user', message: reason ? `denied by user: ${reason}` : 'denied by user' };
      }
      case 'abort':
        abortedByUser = new RunError(
          'aborted-by-user',
          request.chain.at(-1) ?? '',
          `run aborted by user at the approval prompt for ${request.toolName}`,
        );
        decided(request, { approved: false, source: 'user', message: 'aborted by user' });
        throw abortedByUser;
    }
  }

  async function decide(request: ApprovalRequest, rule: ApprovalRule, signal?: AbortSignal): Promise<ApprovalDecision> {
    if (rule === 'preApproved') return { approved: true, source: 'rule' };
    if (rule === 'blocked') return { approved: false, source: 'policy', message: 'blocked by policy' };
    if (memory.isApproved(toolKeyOf(request), request.args)) return { approved: true, source: 'session' };
    if (mode === 'approve_all') return { approved: true, source: 'mode' };
    if (mode === 'auto_deny') return { approved: false, source: 'policy', message: 'denied by policy (auto_deny)' };
    if (!prompter) return { approved: false, source: 'no-terminal', message: noTerminalMessage(request.toolName) };
    return askPerson(prompter, request, signal);
  }

  return {
    mode,
    async authorize(request, rule, signal) {
      if (signal?.aborted) throw new AbortedError();
      if (abortedByUser) throw abortedByUser;
      return decided(request, await decide(request, rule, signal));
    },
  };
}

function toolKeyOf(request: ApprovalRequest): ToolKey {
  return { toolset: request.toolset, tool: request.toolName };
}
