/**
 * `shell` rules (docs/tools.md, docs/security.md): which rule governs an argv, and whether a pre-approved call uses
 * an argument that writes files or runs programs without its rule naming it. Pure: nothing here
 * runs a process, so every check happens before approval is asked.
 */
import { ToolError } from '../../errors.ts';
import type { ApprovalRule } from '../../worker-file/schema.ts';
import { compileArgPattern, type ArgPattern } from './arg-pattern.ts';
import { displayCommand } from './command.ts';
import { findUnlistedArguments, type UnlistedArgument } from './allow-scan.ts';
import { findRiskyArguments } from './option-scan.ts';

/** A compiled rule: its command as words, what may follow them, and its approval. */
export interface ShellRule {
  words: readonly string[];
  /**
   * `any`: any further arguments; patterns: each further argument must match one of them;
   * undefined: no further arguments (for a `blocked` rule: any, so that it blocks the prefix).
   */
  args: 'any' | readonly ArgPattern[] | undefined;
  approval: ApprovalRule;
}

/** What the rules decide for one argv. */
export interface ShellDecision {
  approval: ApprovalRule;
  /** The rule that decided; absent when none matched and the toolset's `default` applies. */
  rule?: ShellRule;
  /** A rule whose command matched but whose `args` refused an argument: for the error message. */
  nearMiss?: { rule: ShellRule; arg: string };
}

/** The config shape of one rule (see `ShellRuleSchema`). */
export interface ShellRuleConfig {
  command: string;
  args?: 'any' | readonly string[];
  approval?: ApprovalRule;
}

const TOOL = 'shell';

/** Compiles the toolset's rules. A rule without `approval` asks. */
export function compileShellRules(rules: readonly ShellRuleConfig[]): ShellRule[] {
  return rules.map((rule) => ({
    words: rule.command.trim().split(/\s+/),
    args: rule.args === undefined || rule.args === 'any' ? rule.args : rule.args.map(compileArgPattern),
    approval: rule.approval ?? 'ask',
  }));
}

/** `git log` as the user wrote it. */
export function ruleCommand(rule: ShellRule): string {
  return rule.words.join(' ');
}

/** A rule for the model: `git log (arguments matching --oneline, -[0-9]*)`, `git status (no arguments)`. */
export function describeRule(rule: ShellRule): string {
  if (rule.args === 'any') return `${ruleCommand(rule)} (any arguments)`;
  if (rule.args === undefined) return `${ruleCommand(rule)} (no arguments)`;
  return `${ruleCommand(rule)} (arguments matching ${rule.args.map((pattern) => pattern.source).join(', ')})`;
}

/** The first further argument the rule does not allow, or undefined when it allows them all. */
function refusedArgument(rule: ShellRule, extra: readonly string[]): string | undefined {
  if (rule.args === 'any' || (rule.args === undefined && rule.approval === 'blocked')) return undefined;
  const patterns = rule.args ?? [];
  return extra.find((arg) => !patterns.some((pattern) => pattern.matches(arg)));
}

/**
 * The first rule whose words are a word-wise prefix of argv (`git log` matches `git log -5`, not
 * `git logx`) and whose `args` allow the rest; otherwise `fallback`.
 */
export function decideShellCommand(rules: readonly ShellRule[], fallback: 'ask' | 'blocked', argv: readonly string[]): ShellDecision {
  let nearMiss: ShellDecision['nearMiss'];
  for (const rule of rules) {
    if (rule.words.length > argv.length || !rule.words.every((word, i) => argv[i] === word)) continue;
    const refused = refusedArgument(rule, argv.slice(rule.words.length));
    if (refused === undefined) return { approval: rule.approval, rule };
    nearMiss ??= { rule, arg: refused };
  }
  return nearMiss ? { approval: fallback, nearMiss } : { approval: fallback };
}

/** An argument found by a scan: its index in argv, and whether it is an option (then `name` is the option as written). */
type FoundArgument = Pick<UnlistedArgument, 'index' | 'name' | 'option'>;

/**
 * Whether the rule names a risky argument: the argument is part of its command, or an `args`
 * pattern that matches it spells it out (`-o`, `--output=out.txt`) or begins with the option
 * (`--output=*`, `-o*`). `args: any` names nothing.
 */
function namedByRule(rule: ShellRule, argv: readonly string[], risky: FoundArgument): boolean {
  if (risky.index < rule.words.length) return true;
  if (!Array.isArray(rule.args)) return false;
  const arg = argv[risky.index]!;
  return (rule.args as readonly ArgPattern[]).some((pattern) => {
    if (!pattern.matches(arg)) return false;
    if (pattern.exact) return true;
    if (!risky.option) return false;
    const prefix = pattern.literalPrefix;
    if (risky.name.startsWith('--')) return prefix === risky.name || prefix.startsWith(`${risky.name}=`);
    return prefix.startsWith(risky.name);
  });
}

/**
 * Refuses a pre-approved call that uses an argument writing files or running programs (the table
 * in `tools/shell/options.ts`) which its rule does not name. Calls that ask are shown to the person as
 * they are, so they are not checked.
 */
export function checkRiskyArguments(decision: ShellDecision, argv: readonly string[]): void {
  const rule = decision.rule;
  if (decision.approval !== 'preApproved' || !rule) return;
  const risky = findRiskyArguments(argv).find((found) => !namedByRule(rule, argv, found));
  if (!risky) return;
  const what = risky.option ? `option "${risky.name}"` : `argument "${risky.name}"`;
  const howToName = risky.option
    ? `name it in the rule's args (e.g. "${risky.name.startsWith('--') ? `${risky.name}=*` : risky.name}")`
    : "spell it out in the rule's args";
  throw new ToolError(
    'risky-argument',
    TOOL,
    `${displayCommand(argv)}: the ${what} ${risky.why}, which the pre-approved rule "${ruleCommand(rule)}" does not allow; ` +
      `to allow it, ${howToName} or make the rule ask (approval: ask)`,
  );
}

/**
 * Why a pre-approved call asks after all: the first argument the allow-list of its program
 * (`tools/shell/safe-options.ts`) does not list as safe and its rule does not name, such as an
 * unknown option or program text that `args: any` does not pre-approve, or one that detaches (which
 * no rule pre-approves). Undefined when the call is
 * not pre-approved or uses only listed arguments.
 */
export function unlistedArgument(decision: ShellDecision, argv: readonly string[]): UnlistedArgument | undefined {
  const rule = decision.rule;
  if (decision.approval !== 'preApproved' || !rule) return undefined;
  return findUnlistedArguments(argv).find((found) => found.always === true || !namedByRule(rule, argv, found));
}

/**
 * What the person deciding on a call that `rule` would pre-approve reads about why it asks:
 * `option "-W" is not an option known to be safe for awk; rule "awk" does not name it`.
 */
export function askReason(rule: ShellRule, unlisted: UnlistedArgument): string {
  const what = unlisted.option ? `option "${unlisted.name}"` : `argument "${unlisted.name}"`;
  return `${what} ${unlisted.why}; ${unlisted.always ? 'no rule pre-approves that' : `rule "${ruleCommand(rule)}" does not name it`}`;
}

/** The error a blocked command gets: `command not allowed: rm -rf x; allowed: git log, ls`. */
export function notAllowedError(rules: readonly ShellRule[], argv: readonly string[], decision: ShellDecision): ToolError {
  const allowed = rules.filter((rule) => rule.approval !== 'blocked').map(ruleCommand);
  let why = '';
  if (decision.rule) why = ` (blocked by rule "${ruleCommand(decision.rule)}")`;
  else if (decision.nearMiss) why = ` (${argumentsClause(decision.nearMiss.rule, decision.nearMiss.arg)})`;
  return new ToolError('not-allowed', TOOL, `command not allowed: ${displayCommand(argv)}${why}; allowed: ${allowed.length > 0 ? allowed.join(', ') : 'none'}`);
}

function argumentsClause(rule: ShellRule, arg: string): string {
  const patterns = Array.isArray(rule.args) ? (rule.args as readonly ArgPattern[]) : [];
  const allowed =
    patterns.length > 0 ? `only arguments matching ${patterns.map((pattern) => JSON.stringify(pattern.source)).join(', ')}` : 'no further arguments';
  return `rule "${ruleCommand(rule)}" allows ${allowed}, not ${JSON.stringify(arg)}`;
}
