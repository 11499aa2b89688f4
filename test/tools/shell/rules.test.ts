import { describe, expect, it } from 'vitest';
import { createApprovalController } from '../../../src/approval/controller.ts';
import { explainApprovalRule, strictestRule, toolDefaultRule } from '../../../src/approval/rules.ts';
import { compileArgPattern } from '../../../src/tools/shell/arg-pattern.ts';
import { checkRiskyArguments, compileShellRules, decideShellCommand, notAllowedError, type ShellRuleConfig } from '../../../src/tools/shell/rules.ts';
import { createShellToolset } from '../../../src/tools/shell/toolset.ts';
import { createToolbox } from '../../../src/tools/toolbox.ts';
import type { ToolContext } from '../../../src/tools/types.ts';
import type { ToolsetApproval } from '../../../src/worker-file/schema.ts';

/** What the rules say about `command`: the approval, or the refusal message. */
function decide(rules: ShellRuleConfig[], command: string, fallback: 'ask' | 'blocked' = 'blocked'): string {
  const compiled = compileShellRules(rules);
  const argv = command.split(' ');
  const decision = decideShellCommand(compiled, fallback, argv);
  try {
    if (decision.approval === 'blocked') throw notAllowedError(compiled, argv, decision);
    checkRiskyArguments(decision, argv);
    return decision.approval;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('argument patterns', () => {
  it.each([
    ['-[0-9]*', '-5', true],
    ['-[0-9]*', '-n', false],
    ['--output=*', '--output=dir/x.txt', true],
    ['*.js', 'src/a/b.js', true],
    ['src/?.js', 'src/a.js', true],
    ['src/?.js', 'src/ab.js', false],
    ['[!-]*', 'file', true],
    ['[!-]*', '-rf', false],
    ['[^-]*', '-rf', false],
    ['[]x]', ']', true],
    ['a\\*', 'a*', true],
    ['a\\*', 'ab', false],
    ['[abc', '[abc', true],
    ['HEAD~[0-9]', 'HEAD~3', true],
  ])('%j matches %j: %s', (pattern, arg, expected) => {
    expect(compileArgPattern(pattern).matches(arg)).toBe(expected);
  });

  it('knows what a pattern spells out literally', () => {
    expect(compileArgPattern('--output=*')).toMatchObject({ literalPrefix: '--output=', exact: false });
    expect(compileArgPattern('-o')).toMatchObject({ literalPrefix: '-o', exact: true });
  });

  it('matches in linear time where a backtracking regex would not', () => {
    const started = Date.now();
    expect(compileArgPattern('*a*a*a*a*a*a*a*a*b').matches('a'.repeat(50_000))).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('shell rule matching', () => {
  const gitLog: ShellRuleConfig = { command: 'git log', args: ['--oneline', '-[0-9]*'], approval: 'preApproved' };

  it('matches a prefix of argv word by word, and allows further arguments only as the rule says', () => {
    expect(decide([{ command: 'git status', approval: 'preApproved' }], 'git status')).toBe('preApproved');
    expect(decide([{ command: 'git status', approval: 'preApproved' }], 'git status -s')).toBe(
      'command not allowed: git status -s (rule "git status" allows no further arguments, not "-s"); allowed: git status',
    );
    expect(decide([{ command: 'git status', approval: 'preApproved' }], 'git statusx')).toContain('command not allowed');
    expect(decide([gitLog], 'git log --oneline -5')).toBe('preApproved');
    expect(decide([gitLog], 'git log -5 --oneline')).toBe('preApproved');
    expect(decide([gitLog], 'git log --stat')).toBe(
      'command not allowed: git log --stat (rule "git log" allows only arguments matching "--oneline", "-[0-9]*", not "--stat"); allowed: git log',
    );
    expect(decide([{ command: 'ls', args: 'any', approval: 'preApproved' }], 'ls -la sub')).toBe('preApproved');
  });

  it("tries the next rule, then the default, when a rule's args refuse an argument", () => {
    const rules: ShellRuleConfig[] = [gitLog, { command: 'git log', args: 'any', approval: 'ask' }];
    expect(decide(rules, 'git log --stat')).toBe('ask');
    expect(decide([gitLog], 'git log --stat', 'ask')).toBe('ask');
  });

  it('lets a blocked rule without args block its prefix with any arguments', () => {
    const rules: ShellRuleConfig[] = [
      { command: 'git push', approval: 'blocked' },
      { command: 'git', args: 'any', approval: 'ask' },
    ];
    expect(decide(rules, 'git push --force origin')).toContain('(blocked by rule "git push")');
    expect(decide(rules, 'git fetch')).toBe('ask');
  });
});

describe('write and exec options in pre-approved calls', () => {
  const any = (command: string, approval: 'preApproved' | 'ask' = 'preApproved'): ShellRuleConfig => ({ command, args: 'any', approval });

  it('refuses git log --output=.git/config under a pre-approved "git log" rule, naming the option and the fix', () => {
    expect(decide([any('git log')], 'git log --output=.git/config')).toBe(
      'git log --output=.git/config: the option "--output" writes files, which the pre-approved rule "git log" does not allow; ' +
        'to allow it, name it in the rule\'s args (e.g. "--output=*") or make the rule ask (approval: ask)',
    );
  });

  it.each([
    'git log --output=x',
    'git log --output x',
    'git log --out=x',
    'git diff --outp x',
    'git -c core.pager=sh log',
    'git -C sub log',
    'git --exec-path=bin log',
    'git --git-dir=x log',
    'git log --ext-diff',
    'git format-patch -o out HEAD~1',
    'git grep -O pattern',
    'git fetch --upload-pack=x origin',
    'git clone ext::sh',
    'git config core.fsmonitor x',
    'sort -o out.txt in.txt',
    'sort -no out.txt in.txt',
    'sort --out=x in.txt',
    'find . -exec rm {} ;',
    'find . -- -delete',
    'sed -i s/a/b/ f',
    'sed -ni p f',
    'sed 1w out f',
    'sed -e s/a/b/w out f',
    'tar xf a.tar',
    'tar -czf a.tgz src',
    'tar --to-command=sh -xf a.tar',
    'xargs rm',
    'env FOO=1 sh',
    'awk BEGIN{system("id")}',
    'rg --pre=sh x',
    'curl -o x http://h',
    'tee x',
    'rm -rf src',
    'python3 -c print(1)',
    'node -e 1',
    'sh -c id',
  ])('refuses %j under an "args: any" rule', (command) => {
    const words = command.split(' ');
    expect(decide([any(words[0]!)], command)).toContain('which the pre-approved rule');
  });

  it.each([
    'git log --oneline -5',
    'git log -C',
    'git -p',
    'git grep -o pattern',
    'git log -- --output=x',
    'sort -n in.txt',
    'sort -k2 in.txt',
    'find . -name x',
    'sed -n s/a/b/p f',
    'sed -e s/a/b/g f',
    'tar -tf a.tar',
    'awk {print}',
    'rg -n x',
    'curl http://h',
  ])('allows %j under an "args: any" rule', (command) => {
    const words = command.split(' ');
    const expected = command === 'git -p' ? 'which the pre-approved rule' : 'preApproved';
    expect(decide([any(words[0]!)], command)).toContain(expected);
  });

  it('allows a risky option the rule names, by an exact pattern, a pattern beginning with it, or its command', () => {
    expect(decide([{ command: 'sort', args: ['-o', '*.txt'], approval: 'preApproved' }], 'sort -o out.txt in.txt')).toBe('preApproved');
    expect(decide([{ command: 'git log', args: ['--output=*'], approval: 'preApproved' }], 'git log --output=x')).toBe('preApproved');
    expect(decide([{ command: 'sort -o', args: 'any', approval: 'preApproved' }], 'sort -o out.txt in.txt')).toBe('preApproved');
    // A wildcard that merely matches it does not name it.
    expect(decide([{ command: 'sort', args: ['-*', '*.txt'], approval: 'preApproved' }], 'sort -o out.txt in.txt')).toContain('the option "-o" writes files');
    expect(decide([{ command: 'sort', args: ['-n*', '*.txt'], approval: 'preApproved' }], 'sort -no out.txt in.txt')).toContain('the option "-o"');
  });

  it('does not check calls that ask: the person sees the exact command', () => {
    expect(decide([any('git log', 'ask')], 'git log --output=.git/config')).toBe('ask');
    expect(decide([], 'git log --output=.git/config', 'ask')).toBe('ask');
  });
});

describe('shell approval: toolset defaults never widen a per-command ask', () => {
  const context: ToolContext = { sandbox: undefined, signal: new AbortController().signal, callWorker: async () => undefined, chain: ['main'] };

  /** The decision the toolbox reaches for `command`, under worker toolset approval `approval`. */
  async function outcome(approval: ToolsetApproval | undefined, command: string): Promise<string> {
    const [shell] = createShellToolset({
      rules: [
        { command: 'git status', approval: 'preApproved' },
        { command: 'touch made.txt', approval: 'ask' },
      ],
    });
    const asked: string[] = [];
    const toolbox = createToolbox({
      tools: [shell!],
      ruleFor: (tool) => explainApprovalRule({ toolName: tool.name, worker: approval, toolDefault: toolDefaultRule(tool) }),
      controller: createApprovalController({ mode: 'auto_deny', onEvent: (event) => asked.push(event.type) }),
      context,
    });
    const gated = toolbox.tools.find((tool) => tool.name === 'shell');
    if (!gated) return 'not offered';
    const result = await gated.run({ command });
    return result.ok ? 'ran' : result.error;
  }

  it.each([undefined, { default: 'preApproved' as const }, { tools: { shell: 'preApproved' as const } }])('keeps "touch" asking under %j', async (approval) => {
    expect(await outcome(approval, 'touch made.txt')).toBe('denied by policy (auto_deny)');
  });

  it('lets a toolset rule narrow: ask makes pre-approved commands ask, blocked removes the tool', async () => {
    expect(await outcome({ default: 'ask' }, 'git status')).toBe('denied by policy (auto_deny)');
    expect(await outcome({ default: 'blocked' }, 'git status')).toBe('not offered');
  });

  it('refuses a blocked command before approval is asked', async () => {
    expect(await outcome({ default: 'ask' }, 'rm -rf x')).toBe('denied by rule: command not allowed: rm -rf x; allowed: git status, touch made.txt');
  });

  it('strictestRule orders blocked > ask > preApproved', () => {
    expect(strictestRule('preApproved', 'ask')).toBe('ask');
    expect(strictestRule('ask', 'preApproved')).toBe('ask');
    expect(strictestRule('blocked', 'preApproved', 'ask')).toBe('blocked');
  });
});
