/**
 * Turning a `shell` tool command into argv, and matching it against the toolset's rules (SPEC §6).
 * Nothing here runs a process: the checks are pure so they can be applied before asking for approval.
 */
import { parse, quote } from 'shell-quote';
import { ToolError } from '../errors.ts';
import type { ApprovalRule } from '../worker/schema.ts';

/** A `shell` rule: its command as words, and what happens to commands it matches. */
export interface ShellRule {
  words: readonly string[];
  approval: ApprovalRule;
}

/** What the rules decide for one argv: the matching rule's approval, or the toolset's default. */
export interface ShellDecision {
  approval: ApprovalRule;
  /** The matching rule's command; absent when no rule matched. */
  rule?: string;
}

const TOOL = 'shell';

function refuse(message: string): never {
  throw new ToolError('refused-command', TOOL, message);
}

/**
 * Characters refused before parsing: command substitution with backticks, and newlines (which a
 * shell treats as command separators). Checked on the raw text, quoted or not.
 */
const RAW_FORBIDDEN: readonly [string, string][] = [
  ['`', '"`" (command substitution)'],
  ['\n', 'a newline'],
  ['\r', 'a carriage return'],
  ['\0', 'a NUL byte'],
];

/** A parsed token that is not a plain word: an operator, a glob, a comment, or an `env` marker for `$NAME`. */
type Special = { op: string; pattern?: string } | { comment: string };

/** Name of the shell feature a non-word token stands for, for the error message. */
function describeToken(token: Special): string {
  if ('comment' in token) return '#';
  if (token.op === 'glob') return /[*?]/.exec(token.pattern ?? '')?.[0] ?? '*';
  if (token.op === 'env') return '$';
  return token.op;
}

/**
 * Splits `command` into argv without a shell. Refuses, naming the character, anything a shell would
 * interpret: operators (`|`, `;`, `&`, `&&`, `||`, `>`, `<`), subshells, `$` expansions, backticks,
 * unquoted globs (`*`, `?`), comments and newlines. Quoted text is literal, except `$` inside double
 * quotes (a shell would expand it). Braces and `[...]` are passed through literally.
 */
export function parseShellCommand(command: string): string[] {
  for (const [char, name] of RAW_FORBIDDEN) {
    if (command.includes(char)) refuse(`command contains ${name}; run one command per call, without shell syntax`);
  }
  const tokens = parse(command, (name) => ({ op: 'env', name })) as (string | Special)[];
  const argv: string[] = [];
  for (const token of tokens) {
    if (typeof token === 'string') {
      argv.push(token);
      continue;
    }
    const feature = describeToken(token);
    refuse(`command contains "${feature}", which needs a shell; commands run without one, so pass plain arguments only`);
  }
  if (argv.length === 0 || argv[0] === '') refuse('command is empty; give a command such as "git status"');
  return argv;
}

/**
 * Best-effort refusal of arguments naming host paths outside the working directory: absolute paths,
 * `~` (home directory), and any `..` path segment, also as the value of `--option=value`. It cannot
 * know which arguments a program treats as paths, nor follow symlinks inside the working directory.
 */
export function checkShellArguments(argv: readonly string[]): void {
  for (const arg of argv) {
    const eq = arg.indexOf('=');
    const candidates = eq > 0 ? [arg, arg.slice(eq + 1)] : [arg];
    for (const value of candidates) {
      if (value.startsWith('/')) refuse(`argument "${arg}" is an absolute path; use paths relative to the working directory`);
      if (value.startsWith('~')) refuse(`argument "${arg}" refers to a home directory; use paths relative to the working directory`);
      if (value.split('/').includes('..')) refuse(`argument "${arg}" leaves the working directory with ".."; use paths inside it`);
    }
  }
}

/** Rules from the toolset config, each command split into words. A rule without `approval` asks. */
export function compileShellRules(rules: readonly { command: string; approval?: ApprovalRule }[]): ShellRule[] {
  return rules.map((rule) => ({ words: rule.command.trim().split(/\s+/), approval: rule.approval ?? 'ask' }));
}

/** The first rule whose words are a word-wise prefix of argv (`git log` matches `git log -5`, not `git logx`). */
export function matchShellRule(rules: readonly ShellRule[], argv: readonly string[]): ShellRule | undefined {
  return rules.find((rule) => rule.words.length <= argv.length && rule.words.every((word, i) => argv[i] === word));
}

/** What the rules say about argv: the first matching rule wins, otherwise `fallback`. */
export function decideShellCommand(rules: readonly ShellRule[], fallback: 'ask' | 'blocked', argv: readonly string[]): ShellDecision {
  const rule = matchShellRule(rules, argv);
  return rule ? { approval: rule.approval, rule: rule.words.join(' ') } : { approval: fallback };
}

/** The error a blocked command gets: `command not allowed: rm -rf x; allowed: git log, ls`. */
export function notAllowedError(rules: readonly ShellRule[], argv: readonly string[], decision: ShellDecision): ToolError {
  const allowed = rules.filter((rule) => rule.approval !== 'blocked').map((rule) => rule.words.join(' '));
  const why = decision.rule ? ` (blocked by rule "${decision.rule}")` : '';
  return new ToolError(
    'not-allowed',
    TOOL,
    `command not allowed: ${quote(argv)}${why}; allowed: ${allowed.length > 0 ? allowed.join(', ') : 'none'}`,
  );
}
