/**
 * Approval rule resolution (docs/tools.md): which of `preApproved`, `ask`, `blocked` governs a tool.
 */
import type { ApprovalRule, ToolsetApproval } from '../worker-file/schema.ts';

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
export function explainApprovalRule(input: ResolveApprovalRuleInput): ResolvedApprovalRule {
  const { toolName, worker, manifest, toolDefault } = input;
  const fromWorker = ownRule(worker?.tools, toolName) ?? worker?.default;
  if (fromWorker) return { rule: fromWorker, source: 'worker' };
  const fromManifest = ownRule(manifest?.tools, toolName) ?? manifest?.default;
  if (fromManifest) return { rule: fromManifest, source: 'manifest' };
  if (toolDefault) return { rule: toolDefault, source: 'tool' };
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
export function resolveApprovalRule(input: ResolveApprovalRuleInput): ApprovalRule {
  return explainApprovalRule(input).rule;
}

/**
 * A tool's own default rule: its `defaultRule`, else `needsApproval` (`false` → `preApproved`,
 * `true` → `ask`). A function `needsApproval` counts as `ask` here; the toolbox evaluates it per call.
 * Undefined when the tool says nothing (resolution then falls back to `ask`).
 */
export function toolDefaultRule(tool: { defaultRule?: ApprovalRule; needsApproval?: unknown }): ApprovalRule | undefined {
  if (tool.defaultRule) return tool.defaultRule;
  if (tool.needsApproval === false) return 'preApproved';
  if (tool.needsApproval === true || typeof tool.needsApproval === 'function') return 'ask';
  return undefined;
}

const STRICTNESS: Readonly<Record<ApprovalRule, number>> = { preApproved: 0, ask: 1, blocked: 2 };

/**
 * The strictest of `rules` (`blocked` > `ask` > `preApproved`): how a per-call rule and the tool's
 * resolved rule combine, so neither can widen the other.
 *
 * @example
 * strictestRule('preApproved', 'ask'); // → 'ask'
 */
export function strictestRule(...rules: [ApprovalRule, ...ApprovalRule[]]): ApprovalRule {
  return rules.reduce((strictest, rule) => (STRICTNESS[rule] > STRICTNESS[strictest] ? rule : strictest));
}

// `tools` comes from YAML: never let a tool named `constructor` pick up Object.prototype members.
function ownRule(tools: Record<string, ApprovalRule> | undefined, toolName: string): ApprovalRule | undefined {
  return tools && Object.hasOwn(tools, toolName) ? tools[toolName] : undefined;
}
