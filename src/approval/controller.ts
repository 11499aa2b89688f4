/**
 * The approval controller of a run: a facade over the gate (gate.ts) that picks the decision source
 * from an approval mode and an optional prompter, as the runtime has always configured it.
 */
import { UsageError } from '../errors.ts';
import type { ApprovalMode } from '../worker-file/schema.ts';
import {
  approveAll,
  callback,
  denyAll,
  fromPrompter,
  noTerminal,
  pauseAll,
  type ApprovalQuestion,
  type Decision,
  type DecisionSource,
} from './decision-source.ts';
import { createApprovalGate } from './gate.ts';
import type { ProjectGrants } from './grants.ts';
import type { SessionMemory } from './session-memory.ts';
import type { ApprovalController, ApprovalEvent, ApprovalPrompter } from './types.ts';

export { noTerminalMessage } from './decision-source.ts';

/** Options of `createApprovalController`. */
export interface ApprovalControllerOptions {
  /** How `ask` calls are decided (ignored when `source` is given). */
  mode: ApprovalMode;
  /** Asks a person; absent means there is no terminal, so `interactive` denies every `ask` call. */
  prompter?: ApprovalPrompter;
  /** Decides `ask` calls instead of the mode and prompter (a library callback, answers given in advance). */
  source?: DecisionSource;
  /** The project's persistent grants. */
  grants?: ProjectGrants;
  /** Receives an `approval_request` before each prompt and an `approval_decision` for every call. */
  onEvent?: (event: ApprovalEvent) => void;
  /** Session approvals; a fresh memory by default. Pass one to share it between controllers. */
  memory?: SessionMemory;
}

/** The decision source an approval mode stands for. */
export function sourceForMode(mode: ApprovalMode, prompter?: ApprovalPrompter): DecisionSource {
  if (mode === 'approve_all') return approveAll;
  if (mode === 'auto_deny') return denyAll();
  return prompter ? fromPrompter(prompter) : noTerminal;
}

/** The library's `onApproval`: a mode, or a function deciding each question. */
export type OnApproval = 'ask' | 'approve' | 'deny' | 'pause' | ((question: ApprovalQuestion) => Decision | Promise<Decision>);

const MODE_OF_ON_APPROVAL: Readonly<Record<string, ApprovalMode>> = { ask: 'interactive', approve: 'approve_all', deny: 'auto_deny' };

/**
 * The decision source `onApproval` names; `undefined` leaves the choice to `mode` and the prompter.
 * Anything else is a UsageError listing the valid values.
 */
export function sourceForOnApproval(onApproval: OnApproval | undefined, mode: ApprovalMode, prompter?: ApprovalPrompter): DecisionSource {
  if (onApproval === undefined) return sourceForMode(mode, prompter);
  if (typeof onApproval === 'function') return callback(onApproval);
  if (onApproval === 'pause') return pauseAll;
  const named = Object.hasOwn(MODE_OF_ON_APPROVAL, onApproval) ? MODE_OF_ON_APPROVAL[onApproval] : undefined;
  if (!named) throw new UsageError(`onApproval must be "ask", "approve", "deny", "pause" or a function, got ${JSON.stringify(onApproval)}`);
  return sourceForMode(named, prompter);
}

const MODE_OF_SOURCE: Readonly<Record<DecisionSource['mode'], ApprovalMode>> = {
  approve: 'approve_all',
  deny: 'auto_deny',
  pause: 'interactive',
  ask: 'interactive',
  callback: 'interactive',
  decisions: 'interactive',
};

/**
 * Creates the controller of one run.
 *
 * @example
 * const controller = createApprovalController({ mode: 'interactive', prompter, onEvent: emit });
 * const decision = await controller.authorize({ chain: ['main'], toolset: 'filesystem', toolName: 'write_file', args, description }, 'ask');
 */
export function createApprovalController(options: ApprovalControllerOptions): ApprovalController {
  const source = options.source ?? sourceForMode(options.mode, options.prompter);
  const gate = createApprovalGate({
    source,
    ...(options.memory ? { memory: options.memory } : {}),
    ...(options.grants ? { grants: options.grants } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
  });
  return { mode: MODE_OF_SOURCE[source.mode], authorize: gate.authorize, askUser: gate.askUser };
}
