/**
 * `shell` rules (SPEC §6, §15): which rule governs an argv, and whether a pre-approved call uses
 * an argument that writes files or runs programs without its rule naming it. Pure: nothing here
 * runs a process, so every check happens before approval is asked.
 */
import { ToolError } from '../errors.ts';
import type { ApprovalRule } from '../worker/schema.ts';
import { type ArgPattern } from './shell-arg-pattern.ts';
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
    nearMiss?: {
        rule: ShellRule;
        arg: string;
    };
}
/** The config shape of one rule (see `ShellRuleSchema`). */
export interface ShellRuleConfig {
    command: string;
    args?: 'any' | readonly string[];
    approval?: ApprovalRule;
}
/** Compiles the toolset's rules. A rule without `approval` asks. */
export declare function compileShellRules(rules: readonly ShellRuleConfig[]): ShellRule[];
/** `git log` as the user wrote it. */
export declare function ruleCommand(rule: ShellRule): string;
/** A rule for the model: `git log (arguments matching --oneline, -[0-9]*)`, `git status (no arguments)`. */
export declare function describeRule(rule: ShellRule): string;
/**
 * The first rule whose words are a word-wise prefix of argv (`git log` matches `git log -5`, not
 * `git logx`) and whose `args` allow the rest; otherwise `fallback`.
 */
export declare function decideShellCommand(rules: readonly ShellRule[], fallback: 'ask' | 'blocked', argv: readonly string[]): ShellDecision;
/**
 * Refuses a pre-approved call that uses an argument writing files or running programs (the table
 * in `shell-options.ts`) which its rule does not name. Calls that ask are shown to the person as
 * they are, so they are not checked.
 */
export declare function checkRiskyArguments(decision: ShellDecision, argv: readonly string[]): void;
/** The error a blocked command gets: `command not allowed: rm -rf x; allowed: git log, ls`. */
export declare function notAllowedError(rules: readonly ShellRule[], argv: readonly string[], decision: ShellDecision): ToolError;
