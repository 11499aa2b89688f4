/**
 * What `llm-do check` says about pre-approved `shell` rules (docs/tools.md, "Options known to be
 * safe"): a rule that pre-approves an interpreter (awk, sed, xargs, env, a shell) with `args: any`
 * pre-approves none of its program text, and a rule that pre-approves a program of the allow-list
 * with `args: any` or an option wildcard (`-*`) lets through only the options known to be safe:
 * other calls ask.
 */
import { compileArgPattern } from './arg-pattern.ts';
import type { ShellRuleConfig } from './rules.ts';
import { safeProgram } from './safe-options.ts';

/** One finding about one rule: `warning` when the rule pre-approves nothing of what it seems to, `info` otherwise. */
export interface ShellRuleReview {
  severity: 'warning' | 'info';
  /** `toolsets.shell.rules[0] ("awk"): ...`. */
  message: string;
}

/** The findings for the pre-approved rules of one shell toolset, in rule order. */
export function reviewShellRules(rules: readonly ShellRuleConfig[]): ShellRuleReview[] {
  return rules.flatMap((rule, i): ShellRuleReview[] => {
    if (rule.approval !== 'preApproved') return [];
    const words = rule.command.trim().split(/\s+/);
    const entry = safeProgram(words[0]!);
    if (!entry) return [];
    const where = `toolsets.shell.rules[${i}] ("${words.join(' ')}")`;
    const wildcard = Array.isArray(rule.args) && rule.args.some((source) => source.startsWith('-') && !compileArgPattern(source).exact);
    if (entry.programText !== undefined && rule.args === 'any') {
      const text = entry.programText === 'operands' ? 'the command or code it runs' : 'its program';
      return [
        {
          severity: 'warning',
          message: `${where} pre-approves ${words[0]} with args: any, but args: any never pre-approves ${text}: such calls ask; spell the program out in args, or make the rule ask (approval: ask)`,
        },
      ];
    }
    if (rule.args !== 'any' && !wildcard) return [];
    return [
      {
        severity: 'info',
        message: `${where} pre-approves only the options of ${words[0]} known to be safe: calls with other options ask (the list is in docs/tools.md; name an option in args to pre-approve it)`,
      },
    ];
  });
}
