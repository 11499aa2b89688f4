import { describe, expect, it } from 'vitest';
import { findUnlistedArguments } from '../../../src/tools/shell/allow-scan.ts';
import { compileShellRules, decideShellCommand, type ShellRuleConfig, unlistedArgument } from '../../../src/tools/shell/rules.ts';
import { reviewShellRules } from '../../../src/tools/shell/rule-review.ts';
import { parseSafeOptions, SAFE_PROGRAMS, safeProgram } from '../../../src/tools/shell/safe-options.ts';

/** The arguments of `argv` the allow-list does not list, as written. */
const unlisted = (...argv: string[]) => findUnlistedArguments(argv).map((found) => found.name);

/** What a pre-approved `args: any` rule for argv[0] (argv[0..1] for git) decides: preApproved, or ask and why. */
function decide(argv: string[], rule: Partial<ShellRuleConfig> = {}): string {
  const words = argv[0] === 'git' ? 2 : 1;
  const rules = compileShellRules([{ command: argv.slice(0, words).join(' '), args: 'any', approval: 'preApproved', ...rule }]);
  const decision = decideShellCommand(rules, 'blocked', argv);
  const found = unlistedArgument(decision, argv);
  return found ? `ask: ${found.name} ${found.why}` : decision.approval;
}

describe('the allow-list table', () => {
  it('names each program once, with well-formed option names', () => {
    const programs = SAFE_PROGRAMS.flatMap((entry) => entry.programs);
    expect(new Set(programs).size).toBe(programs.length);
    for (const entry of SAFE_PROGRAMS) {
      for (const spec of [entry, ...Object.values(entry.subcommands ?? {})]) {
        for (const name of parseSafeOptions(spec.options).keys()) expect(name).toMatch(/^--?[A-Za-z0-9][A-Za-z0-9-]*$/);
      }
    }
    expect(safeProgram('/usr/bin/awk')?.programs).toContain('awk');
    expect(safeProgram('rg')).toBeUndefined();
  });

  it('knows every command of the docs and examples and the common read-only tools', () => {
    for (const program of ['git', 'grep', 'wc', 'sort', 'awk', 'sed', 'find', 'xargs', 'tar', 'env', 'cat', 'head', 'tail', 'ls', 'cut', 'uniq', 'tr']) {
      expect(safeProgram(program), program).toBeDefined();
    }
  });
});

describe('listed options pass in every spelling', () => {
  it.each([
    [['sort', '-k2', '-t,', '-nr', 'f']],
    [['sort', '-nk', '2', 'f']],
    [['sort', '--key=2', '--field-sep', ',', 'f']],
    [['grep', '-rn', '-e', 'x', '--include=*.ts', '.']],
    [['grep', '-5', 'x', 'f']],
    [['head', '-n5', 'f']],
    [['git', 'log', '--oneline', '-5', '--', 'src']],
    [['git', '--no-pager', 'diff', '--stat', 'HEAD~1']],
    [['git', 'branch', '-a', '--contains', 'HEAD']],
    [['tar', 'tzf', 'a.tar.gz']],
    [['find', '.', '-name', '*.ts', '-type', 'f', '-print']],
    [['uniq', '-c', 'in']],
    [['ls', '--color=never', '-la']],
  ])('%j', (argv) => {
    expect(unlisted(...argv)).toEqual([]);
  });
});

// The options the third trust review found missing from the deny-list, one test per spelling class.
describe('the first argument not listed, in every spelling', () => {
  it.each([
    ['mawk -W exec FILE (awk -W, separate word)', ['awk', '-W', 'exec', 'prog.awk'], '-W'],
    ['mawk -Wexec (awk -W, joined)', ['awk', '-Wexec', 'prog.awk'], '-W'],
    ['mawk -We (awk -W, joined abbreviation)', ['awk', '-We', 'prog.awk'], '-W'],
    ['mawk -W e (awk -W, abbreviation as a word)', ['mawk', '-W', 'e', 'prog.awk'], '-W'],
    ['mawk -Wex= (awk -W, joined with =)', ['awk', '-Wex=prog.awk'], '-W'],
    ['mawk -W exec= (awk -W, = as a word)', ['awk', '-W', 'exec=prog.awk'], '-W'],
    ['-W inside the value of -v is the value (the program then asks)', ['awk', '-vWexec', 'x'], 'x'],
    ['awk -F, then a -W in a cluster', ['awk', '-F,', '-vx=1', '-W', 'exec', 'p'], '-W'],
    ['tar --volno-file (long option)', ['tar', '-tf', 'a.tar', '--volno-file', 'x'], '--volno-file'],
    ['tar --volno-file=x (= value)', ['tar', '-tf', 'a.tar', '--volno-file=x'], '--volno-file'],
    ['tar --voln (abbreviation)', ['tar', '-tf', 'a.tar', '--voln=x'], '--voln'],
    ['tar -tvf a.tar -Vx (cluster with a value)', ['tar', '-tvVx', '-f', 'a.tar'], '-V'],
    ['git format-patch --output-directory (subcommand)', ['git', 'format-patch', '--output-directory', 'x'], 'format-patch'],
    ['git log --output-dir (abbreviation not listed)', ['git', 'log', '--output-dir=x'], '--output-dir'],
    ['git log --out (abbreviation of a deny-listed option)', ['git', 'log', '--out=x'], '--out'],
    ['git daemon --detach', ['git', 'daemon', '--detach'], 'daemon'],
    ['git log --col (ambiguous abbreviation)', ['git', 'log', '--col'], '--col'],
    ['git log --stat=1 (= on a flag-only option is fine: --stat takes an attached value)', ['git', 'log', '--stat=1'], undefined],
    ['git log --graph=x (= on a flag)', ['git', 'log', '--graph=x'], '--graph'],
    ['sort -o (joined value)', ['sort', '-ofile', 'f'], '-o'],
    ['sort -nro file (cluster)', ['sort', '-nro', 'file', 'f'], '-o'],
    ['sort --compress=gzip (abbreviation)', ['sort', '--compress=gzip', 'f'], '--compress'],
    ['sed -i (cluster)', ['sed', '-ni', 's/a/b/', 'f'], '-i'],
    ['find -exec', ['find', '.', '-exec', 'sh', ';'], '-exec'],
    ['find -delete after --', ['find', '--', '.', '-delete'], '-delete'],
    ['uniq with an output file', ['uniq', 'in', 'out'], 'out'],
    ['git branch creating a branch', ['git', 'branch', 'new'], 'new'],
    ['ls --ignore (not listed)', ['ls', '--ignore=x'], '--ignore'],
  ])('%s', (_what, argv, expected) => {
    // The first argument not listed decides: the call asks.
    expect(unlisted(...argv)[0]).toBe(expected);
  });
});

describe('program text', () => {
  it.each([
    [['awk', '{print $1}', 'f'], ['{print $1}']],
    [['awk', '-F,', '--', '{print $1}', 'f'], ['{print $1}']],
    [['sed', 's/a/b/', 'f'], ['s/a/b/']],
    [['sed', '-n', '-e', 'p', 'f'], ['p']],
    [
      ['sed', '-e1d', '-e', '2d', 'f'],
      ['1d', '2d'],
    ],
    [['sed', '--expression=p', 'f'], ['p']],
    [['xargs', 'rm'], ['rm']],
    [['env', 'sh'], ['sh']],
    [['bash', 'x.sh'], ['x.sh']],
    [
      ['python3', '-c', 'print(1)'],
      ['-c', 'print(1)'],
    ],
  ])('%j', (argv, expected) => {
    expect(unlisted(...argv)).toEqual(expected);
  });
});

describe('what a pre-approved rule decides', () => {
  it('pre-approves listed options under args: any', () => {
    expect(decide(['git', 'log', '--oneline', '-5'])).toBe('preApproved');
    expect(decide(['grep', '-rn', 'x', '.'])).toBe('preApproved');
  });

  it('asks for an option not listed, saying which and why', () => {
    expect(decide(['awk', '-W', 'exec', 'p'])).toBe('ask: -W is not an option known to be safe for awk');
    expect(decide(['git', 'log', '--output-dir=x'])).toBe('ask: --output-dir is not an option known to be safe for git log');
    expect(decide(['sort', '--compress=gzip', 'f'])).toBe('ask: --compress abbreviates --compress-program, which is not an option known to be safe for sort');
    expect(decide(['git', 'log', '--col'])).toMatch(/^ask: --col is an ambiguous abbreviation \(of --color, /);
  });

  it('never pre-approves program text with args: any', () => {
    expect(decide(['awk', '{print $1}', 'f'])).toMatch(/^ask: \{print \$1\} is program text of awk/);
    expect(decide(['sed', '-n', 'p', 'f'])).toMatch(/^ask: p is program text of sed/);
  });

  it('pre-approves what the rule spells out: an option by pattern, program text exactly', () => {
    expect(decide(['git', 'log', '--output-dir=x'], { args: ['--output-dir=*'] })).toBe('preApproved');
    expect(decide(['awk', '{print $1}', 'f'], { args: ['{print $1}', '*'] })).toBe('preApproved');
    expect(decide(['awk', '{print $2}', 'f'], { args: ['{print $1}', '*'] })).toMatch(/^ask: \{print \$2\}/);
    expect(decide(['awk', '{print $1}', 'f'], { args: ['*'] })).toMatch(/^ask: /);
  });

  it('leaves programs the allow-list does not know to the rules', () => {
    expect(decide(['rg', '--anything', 'x'])).toBe('preApproved');
  });

  it('only changes pre-approved calls', () => {
    expect(decide(['awk', '-W', 'exec', 'p'], { approval: 'ask' })).toBe('ask');
  });
});

describe('what check says about pre-approved rules', () => {
  const review = (rules: ShellRuleConfig[]) => reviewShellRules(rules).map(({ severity, message }) => `${severity}: ${message}`);

  it('warns that args: any pre-approves no program text of an interpreter', () => {
    expect(review([{ command: 'awk', args: 'any', approval: 'preApproved' }])).toEqual([
      'warning: toolsets.shell.rules[0] ("awk") pre-approves awk with args: any, but args: any never pre-approves its program: such calls ask; spell the program out in args, or make the rule ask (approval: ask)',
    ]);
    expect(review([{ command: 'xargs', args: 'any', approval: 'preApproved' }])[0]).toContain('never pre-approves the command or code it runs');
  });

  it('lists the pre-approved rules of known programs whose calls with other options now ask', () => {
    expect(
      review([
        { command: 'git diff', args: 'any', approval: 'preApproved' },
        { command: 'sort', args: ['-*', '*.txt'], approval: 'preApproved' },
        { command: 'git log', args: ['--oneline', '-[0-9]*'], approval: 'preApproved' },
        { command: 'grep', args: 'any', approval: 'ask' },
        { command: 'rg', args: 'any', approval: 'preApproved' },
      ]),
    ).toEqual([
      'info: toolsets.shell.rules[0] ("git diff") pre-approves only the options of git known to be safe: calls with other options ask (the list is in docs/tools.md; name an option in args to pre-approve it)',
      'info: toolsets.shell.rules[1] ("sort") pre-approves only the options of sort known to be safe: calls with other options ask (the list is in docs/tools.md; name an option in args to pre-approve it)',
      'info: toolsets.shell.rules[2] ("git log") pre-approves only the options of git known to be safe: calls with other options ask (the list is in docs/tools.md; name an option in args to pre-approve it)',
    ]);
  });
});

describe('detaching and daemonizing', () => {
  it.each([
    [['git', 'daemon', '--base-path=.'], 'daemon'],
    [['docker', 'run', '--detach', 'x'], '--detach'],
    [['docker', 'run', '--det', 'x'], '--det'],
    [['dockerd', '--daemon=true'], '--daemon'],
    [['setsid', 'sleep', '9'], 'setsid'],
    [['nohup', 'sleep', '9'], 'nohup'],
    [['ipfs', 'daemon'], 'daemon'],
  ])('%j is not pre-approved (even for a program the allow-list does not know)', (argv, expected) => {
    expect(unlisted(...argv)[0]).toBe(expected);
    expect(decide(argv)).toMatch(/^ask: .* detaches or daemonizes, so its process could outlive the call$/);
  });

  it('reads "daemon" as data where it is data: a pattern for grep, an operand after a subcommand', () => {
    expect(decide(['grep', 'daemon', 'log.txt'])).toBe('preApproved');
    expect(decide(['git', 'log', '--grep', 'daemon'])).toBe('preApproved');
  });
});
