/**
 * Approval rule resolution (SPEC §6): which of `preApproved`, `ask`, `blocked` governs a tool.
 */
import type { ApprovalRule, ToolsetApproval } from '../worker/schema.ts';
/** What `resolveApprovalRule` looks at, most specific first. */
export interface ResolveApprovalRuleInput {
    toolName: string;
    /** The worker's `toolsets.<toolset>.approval`. */
    worker?: ToolsetApproval;
    /** The manifest's `toolsets.<toolset>.approval`. */
    manifest?: ToolsetApproval;
    /** The tool's own default (see `toolDefaultRule`). */
    toolDefault?: ApprovalRule;
}
/** Where a resolved rule came from; `tool` means the tool's own default decided. */
export type ApprovalRuleSource = 'worker' | 'manifest' | 'tool' | 'fallback';
/** A rule together with where it came from. */
export interface ResolvedApprovalRule {
    rule: ApprovalRule;
    source: ApprovalRuleSource;
}
/**
 * Resolves a tool's rule and says where it came from: worker per-tool → worker default → manifest
 * per-tool → manifest default → the tool's own default → `ask`.
 */
export declare function explainApprovalRule(input: ResolveApprovalRuleInput): ResolvedApprovalRule;
/**
 * The rule for one tool, most specific first: worker per-tool → worker default → manifest per-tool
 * → manifest default → the tool's own default → `ask`.
 *
 * @example
 * resolveApprovalRule({ toolName: 'write_file', worker: { default: 'ask', tools: { write_file: 'preApproved' } } });
 * // → 'preApproved'
 */
export declare function resolveApprovalRule(input: ResolveApprovalRuleInput): ApprovalRule;
/**
 * A tool's own default rule: its `defaultRule`, else `needsApproval` (`false` → `preApproved`,
 * `true` → `ask`). A function `needsApproval` counts as `ask` here; the toolbox evaluates it per call.
 * Undefined when the tool says nothing (resolution then falls back to `ask`).
 */
export declare function toolDefaultRule(tool: {
    defaultRule?: ApprovalRule;
    needsApproval?: unknown;
}): ApprovalRule | undefined;
/**
 * The strictest of `rules` (`blocked` > `ask` > `preApproved`): how a per-call rule and the tool's
 * resolved rule combine, so neither can widen the other.
 *
 * @example
 * strictestRule('preApproved', 'ask'); // → 'ask'
 */
export declare function strictestRule(...rules: [ApprovalRule, ...ApprovalRule[]]): ApprovalRule;
