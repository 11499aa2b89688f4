/**
 * The approval controller of a run: a facade over the gate (gate.ts) that picks the decision source
 * from an approval mode and an optional prompter, as the runtime has always configured it.
 */
import { UsageError } from "../errors.js";
import { approveAll, callback, denyAll, fromPrompter, noTerminal, pauseAll } from "./decision-source.js";
import { createApprovalGate } from "./gate.js";
export { noTerminalMessage } from "./decision-source.js";
/** The decision source an approval mode stands for. */
export function sourceForMode(mode, prompter) {
    if (mode === 'approve_all')
        return approveAll;
    if (mode === 'auto_deny')
        return denyAll();
    return prompter ? fromPrompter(prompter) : noTerminal;
}
const MODE_OF_ON_APPROVAL = { ask: 'interactive', approve: 'approve_all', deny: 'auto_deny' };
/**
 * The decision source `onApproval` names; `undefined` leaves the choice to `mode` and the prompter.
 * Anything else is a UsageError listing the valid values.
 */
export function sourceForOnApproval(onApproval, mode, prompter) {
    if (onApproval === undefined)
        return sourceForMode(mode, prompter);
    if (typeof onApproval === 'function')
        return callback(onApproval);
    if (onApproval === 'pause')
        return pauseAll;
    const named = Object.hasOwn(MODE_OF_ON_APPROVAL, onApproval) ? MODE_OF_ON_APPROVAL[onApproval] : undefined;
    if (!named)
        throw new UsageError(`onApproval must be "ask", "approve", "deny", "pause" or a function, got ${JSON.stringify(onApproval)}`);
    return sourceForMode(named, prompter);
}
const MODE_OF_SOURCE = {
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
export function createApprovalController(options) {
    const source = options.source ?? sourceForMode(options.mode, options.prompter);
    const gate = createApprovalGate({
        source,
        ...(options.memory ? { memory: options.memory } : {}),
        ...(options.grants ? { grants: options.grants } : {}),
        ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    });
    return { mode: MODE_OF_SOURCE[source.mode], authorize: gate.authorize };
}
