import { describe, expect, it } from 'vitest';
import { findRiskyArguments } from '../../../src/tools/shell/option-scan.ts';
import { PROGRAM_RISKS, programRisks } from '../../../src/tools/shell/options.ts';
import { riskySedScript } from '../../../src/tools/shell/sed-script.ts';

const names = (command: string) => findRiskyArguments(command.split(' ')).map((risky) => risky.name);

describe('the option table', () => {
  it('names each program once', () => {
    const programs = PROGRAM_RISKS.flatMap((entry) => entry.programs);
    expect(new Set(programs).size).toBe(programs.length);
    expect(programRisks('/usr/bin/git')?.programs).toContain('git');
    expect(programRisks('cat')).toBeUndefined();
  });

  // One line per entry of the table: a risky use, and the option or argument found.
  it.each([
    ['git log --output=x', ['--output']],
    ['git -c a=b log', ['-c']],
    ['git --config-env=a=B log', ['--config-env']],
    ['git --exec-path=x log', ['--exec-path']],
    ['git --work-tree x status', ['--work-tree']],
    ['git --paginate log', ['--paginate']],
    ['git diff --textconv', ['--textconv']],
    ['git push --receive-pack=x', ['--receive-pack']],
    ['git archive --exec=x', ['--exec']],
    ['git clone --template=t src', ['--template']],
    ['git clone -c a=b src', ['-c']],
    ['git rebase -x make', ['-x']],
    ['git ls-remote -u x origin', ['-u']],
    ['git difftool', ['difftool']],
    ['git fetch fd::3', ['fd::3']],
    ['sort --compress-program=gzip x', ['--compress-program']],
    ['sort -T dir x', ['-T']],
    ['find . -execdir x ;', ['-execdir']],
    ['find . -ok x ;', ['-ok']],
    ['find . -fprint0 out', ['-fprint0']],
    ['find . -fls out', ['-fls']],
    ['sed --in-place s/a/b/ f', ['--in-place']],
    ['sed -f script f', ['-f']],
    ['gawk -f prog.awk', ['-f']],
    ['awk -l ext {print}', ['-l']],
    ['awk {print|"sh"}', ['{print|"sh"}']],
    ['awk {getline}', ['{getline}']],
    ['tar --extract -f a.tar', ['--extract']],
    ['tar -I zstd -tf a.tar', ['-I']],
    ['tar --checkpoint-action=exec=sh -tf a.tar', ['--checkpoint-action']],
    ['tar -tf a.tar --remove-files', ['--remove-files']],
    ['tar -tf host:a.tar', ['host:a.tar']],
    ['rg --hostname-bin=x y', ['--hostname-bin']],
    ['less -o log f', ['-o']],
    ['less --log-file=x f', ['--log-file']],
    ['curl -O http://h/x', ['-O']],
    ['curl --config x', ['--config']],
    ['curl -T f http://h', ['-T']],
    ['wget http://h', ['http://h']],
    ['patch -p1', ['-p1']],
    ['dd of=x', ['of=x']],
    ['cp a b', ['a', 'b']],
    ['timeout 5 sh', ['5', 'sh']],
    ['bash script.sh', ['script.sh']],
    ['python3 -m http.server', ['-m']],
    ['node --import=x.js', ['--import']],
    ['perl -e 1', ['-e']],
  ])('%j → %j', (command, expected) => {
    expect(names(command)).toEqual(expected);
  });
});

describe('reading argv like getopt and git', () => {
  it.each([
    ['sort --out=x in', ['--output']],
    ['sort --o x in', ['--output']],
    ['sort -rno x in', ['-o']],
    ['sort -k2o in', []],
    ['sort -t o in', []],
    ['git log -- --output=x', []],
    ['git log -c', []],
    ['git log -C', []],
    ['git grep -o x', []],
    ['git -C sub log -C', ['-C']],
    ['tar xvf a.tar', ['-x']],
    ['tar tvf a.tar', []],
    ['sed -n -e p -e 1w f', ['1w']],
    ['sed --expression=1w f', ['1w']],
    ['sed -e p 1w', []],
    ['sed p 1w', []],
    ['awk -F | {print}', []],
  ])('%j → %j', (command, expected) => {
    expect(names(command)).toEqual(expected);
  });
});

describe('sed scripts', () => {
  it.each([
    ['p', undefined],
    ['s/a/b/g', undefined],
    ['/x/,/y/!d;$q', undefined],
    ['1~2{s|a|b|2p;}', undefined],
    [':a;N;$!ba;s/\\n/ /g', undefined],
    ['s/[/]/x/', undefined],
    ['/^#/a text with w and e', undefined],
    ['y/abc/xyz/', undefined],
    ['w out', 'writes a file (sed "w" command)'],
    ['1,3W out', 'writes a file (sed "W" command)'],
    ['/x/r /etc/passwd', 'reads a file named in the script (sed "r" command)'],
    ['$R f', 'reads a file named in the script (sed "R" command)'],
    ['1e id', 'runs a command (sed "e" command)'],
    ['s/a/b/gw out', 'writes a file (the "w" flag of sed "s")'],
    ['s|a|b|e', 'runs a command (the "e" flag of sed "s")'],
    ['s/[/]/x/w out', 'writes a file (the "w" flag of sed "s")'],
    ['p;\\%x%w out', 'writes a file (sed "w" command)'],
    ['s/unterminated', 'is a sed script this check cannot read, so it may write files or run commands'],
    ['k', 'is a sed script this check cannot read, so it may write files or run commands'],
  ])('%j → %s', (script, expected) => {
    expect(riskySedScript(script)).toBe(expected);
  });
});
