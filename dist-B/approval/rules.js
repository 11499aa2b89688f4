/**
 * Resolves a tool's rule and says where it came from: worker per-tool → worker default → manifest
 * per-tool → manifest default → the tool's own default → `ask`.
 */
export function explainApprovalRule(input) {
    const { toolName, worker, manifest, toolDefault } = input;
    const fromWorker = ownRule(worker?.tools, toolName) ?? worker?.default;
    if (fromWorker)
        return { rule: fromWorker, source: 'worker' };
    const fromManifest = ownRule(manifest?.tools, toolName) ?? manifest?.default;
    if (fromManifest)
        return { rule: fromManifest, source: 'manifest' };
    if (toolDefault)
        return { rule: toolDefault, source: 'tool' };
    return { rule: 'ask', source: 'fallback' };
}
/**
 * The rule for one tool, most specific first: worker per-tool → worker default → manifest per-tool
 * → manifest default → the tool's own default → `ask`.
 *
 * @example
 * resolveApprovalRule({ toolName: 'write_file', worker: { default: 'ask', tools: { write_file: 'preApproved' } } });
 * // → 'preApproved'
 */
export function resolveApprovalRule(input) {
    return explainApprovalRule(input).rule;
}
/**
 * A tool's own default rule: its `defaultRule`, else `needsApproval` (`false` → `preApproved`,
 * `true` → `ask`). A function `needsApproval` counts as `ask` here; the toolbox evaluates it per call.
 * Undefined when the tool says nothing (resolution then falls back to `ask`).
 */
export function toolDefaultRule(tool) {
    if (tool.defaultRule)
        return tool.defaultRule;
    if (tool.needsApproval === false)
        return 'preApproved';
    if (tool.needsApproval === true || typeof tool.needsApproval === 'function')
        return 'ask';
    return undefined;
}
const STRICTNESS = { preApproved: 0, ask: 1, blocked: 2 };
/**
 * The strictest of `rules` (`blocked` > `ask` > `preApproved`): how a per-call rule and the tool's
 * resolved rule combine, so neither can widen the other.
 *
 * @example
 * strictestRule('preApproved', 'ask'); // → 'ask'
 */
export function strictestRule(...rules) {
    return rules.reduce((strictest, rule) => (STRICTNESS[rule] > STRICTNESS[strictest] ? rule : strictest));
}
// `tools` comes from YAML: never let a tool named `constructor` pick up Object.prototype members.
function ownRule(tools, toolName) {
    return tools && Object.hasOwn(tools, toolName) ? tools[toolName] : undefined;
}
