/**
 * The allow-list of `shell` options (docs/tools.md, "Options known to be safe"): for each program
 * llm-do knows, the options known to only read. In a pre-approved call of one of these programs an
 * option not listed here makes the call ask (see `tools/shell/allow-scan.ts`); programs not listed
 * are governed by the rules alone, bounded by isolation.
 *
 * Options are written getopt-style in one string: `-n` a flag, `-k:` takes a value (attached, `-k2`
 * / `--key=2`, or the next word), `--color?` takes a value only when attached (`--color=never`).
 */

/** What the options of one program (or of one git subcommand) are. */
export interface SafeOptionSpec {
  /** The safe options, getopt-style (see the module comment). */
  options: string;
  /** `-5` (a count) is a safe option. */
  numbers?: boolean;
  /** Options are whole words, never clusters (find's `-name`). */
  wholeWords?: boolean;
  /** At most this many operands (`uniq IN OUT` writes OUT). */
  maxOperands?: number;
}

/** One program of the allow-list. */
export interface SafeProgram extends SafeOptionSpec {
  programs: readonly string[];
  /**
   * Which arguments are program text, which `args: any` never pre-approves: `first-operand` (awk,
   * sed: the program, unless a `programOptions` value gave it), `operands` (xargs, env, shells:
   * every operand names or is a command to run).
   */
  programText?: 'first-operand' | 'operands';
  /** Options whose value is program text (sed `-e`). */
  programOptions?: readonly string[];
  /** git: the subcommands known to only read, each with its own options; any other subcommand asks. */
  subcommands?: Readonly<Record<string, SafeOptionSpec>>;
  /** `tar tf a.tar`: the first argument is a cluster of options even without a dash. */
  bundledFirstArgument?: boolean;
  /** find: `--` does not end the expression. */
  ignoresDoubleDash?: boolean;
}

const DIFF_OPTIONS =
  '-p --patch -u -s --no-patch -U: --unified: --raw --stat? --shortstat --numstat --dirstat? --summary --name-only --name-status ' +
  '--color? --no-color --word-diff? --word-diff-regex: --color-words? --no-renames --find-renames? -M? -C? --find-copies? ' +
  '-w --ignore-all-space -b --ignore-space-change --ignore-space-at-eol --ignore-blank-lines --minimal --patience --histogram ' +
  '--diff-algorithm: --diff-filter: -S: -G: --pickaxe-all --pickaxe-regex -R --relative? --no-relative -a --text --abbrev? ' +
  '--full-index --binary --src-prefix: --dst-prefix: --no-prefix -z --cc -m --no-ext-diff --no-textconv';

const LOG_OPTIONS =
  `${DIFF_OPTIONS} --oneline --graph --decorate? --no-decorate --all --branches? --tags? --remotes? --reverse -n: --max-count: ` +
  '--skip: --since: --after: --until: --before: --author: --committer: --grep: -i --regexp-ignore-case -E --extended-regexp ' +
  '-F --fixed-strings -P --perl-regexp --invert-grep --all-match --merges --no-merges --first-parent --follow --format: ' +
  '--pretty? --abbrev-commit --no-abbrev-commit --date: --relative-date --full-history --simplify-merges --simplify-by-decoration ' +
  '--left-right --cherry-pick --boundary --topo-order --date-order --author-date-order --parents --children -L: --mailmap ' +
  '--use-mailmap --no-mailmap --encoding: --no-walk? --max-parents: --min-parents:';

/** The table. */
export const SAFE_PROGRAMS: readonly SafeProgram[] = [
  {
    programs: ['git'],
    options:
      '--no-pager -P --no-replace-objects --literal-pathspecs --glob-pathspecs --noglob-pathspecs --icase-pathspecs --no-optional-locks --version --help',
    subcommands: {
      log: { options: LOG_OPTIONS, numbers: true },
      show: { options: LOG_OPTIONS, numbers: true },
      shortlog: { options: `${LOG_OPTIONS} -s --summary -e --email -c --committer`, numbers: true },
      diff: { options: `${DIFF_OPTIONS} --cached --staged --merge-base --exit-code --quiet --check`, numbers: false },
      status: {
        options:
          '-s --short -b --branch --porcelain? --long -u? --untracked-files? --ignored? -z --column? --no-column ' +
          '--ahead-behind --no-ahead-behind --show-stash -v --verbose --ignore-submodules? --renames --no-renames',
      },
      grep: {
        options:
          '-i --ignore-case -w --word-regexp -v --invert-match -n --line-number -c --count -l --files-with-matches --name-only ' +
          '-L --files-without-match -h -H -o --only-matching -e: -f: -E --extended-regexp -F --fixed-strings -G --basic-regexp ' +
          '-P --perl-regexp -A: -B: -C: --context: --after-context: --before-context: --cached --untracked --no-index ' +
          '--exclude-standard -I --max-depth: -m: --max-count: --and --or --not --all-match -q --quiet --column --heading --break ' +
          '--full-name -z --null -r --recursive --no-recursive --color? --no-color -W --function-context -p --show-function -a --text',
        numbers: true,
      },
      'ls-files': {
        options:
          '-c --cached -d --deleted -m --modified -o --others -i --ignored -s --stage -u --unmerged -k --killed -z ' +
          '--exclude: -x: --exclude-standard --directory --no-empty-directory --error-unmatch --full-name --abbrev? --deduplicate --eol -t -v -f',
      },
      blame: {
        options:
          '-L: -l -t -s -e --show-email -w -M? -C? --porcelain --line-porcelain --incremental --root --show-stats -c -f ' +
          '--show-name -n --show-number -p --date: --since: --abbrev? --color-lines --color-by-age -b --first-parent --reverse --minimal',
      },
      'rev-parse': {
        options:
          '--abbrev-ref? --short? --verify -q --quiet --symbolic --symbolic-full-name --show-toplevel --show-prefix --show-cdup ' +
          '--git-dir --is-inside-work-tree --is-inside-git-dir --is-bare-repository --is-shallow-repository --absolute-git-dir ' +
          '--git-common-dir --all --branches? --tags? --remotes? --revs-only --no-revs --flags --no-flags --sq --not --show-object-format?',
      },
      // Listing only: an operand would create a branch.
      branch: {
        options:
          '-a --all -r --remotes -v --verbose --contains: --no-contains: --merged: --no-merged: --points-at: --sort: --format: ' +
          '--color? --no-color --column? --no-column --show-current -i --ignore-case --abbrev? --no-abbrev',
        maxOperands: 0,
      },
    },
  },
  {
    programs: ['cat'],
    options: '-A --show-all -b --number-nonblank -e -E --show-ends -n --number -s --squeeze-blank -t -T --show-tabs -u -v --show-nonprinting',
  },
  { programs: ['head'], options: '-c: --bytes: -n: --lines: -q --quiet --silent -v --verbose -z --zero-terminated', numbers: true },
  { programs: ['tail'], options: '-c: --bytes: -n: --lines: -q --quiet --silent -v --verbose -z --zero-terminated', numbers: true },
  { programs: ['wc'], options: '-c --bytes -m --chars -l --lines -L --max-line-length -w --words --total:' },
  {
    programs: ['ls'],
    options:
      '-a --all -A --almost-all -l -h --human-readable --si -1 -R --recursive -t -r --reverse -S -d --directory -F --classify? ' +
      '-p -i --inode -s --size -n --numeric-uid-gid -g -o -G --no-group -U -X -v -c -u --color? --group-directories-first ' +
      '--full-time --time-style: --sort: --time: -Q --quote-name -N --literal -m -x -C -w: --width: --indicator-style: -B --ignore-backups',
  },
  {
    programs: ['cut'],
    options: '-b: --bytes: -c: --characters: -d: --delimiter: -f: --fields: -s --only-delimited --output-delimiter: --complement -z --zero-terminated -n',
  },
  {
    programs: ['uniq'],
    options:
      '-c --count -d --repeated -D --all-repeated? -f: --skip-fields: -i --ignore-case -s: --skip-chars: -u --unique -w: --check-chars: -z --zero-terminated --group?',
    maxOperands: 1,
  },
  { programs: ['tr'], options: '-c -C --complement -d --delete -s --squeeze-repeats -t --truncate-set1' },
  {
    programs: ['sort'],
    options:
      '-b --ignore-leading-blanks -d --dictionary-order -f --ignore-case -g --general-numeric-sort -i --ignore-nonprinting ' +
      '-M --month-sort -h --human-numeric-sort -n --numeric-sort -R --random-sort -r --reverse -V --version-sort -c --check? -C ' +
      '-k: --key: -m --merge -s --stable -t: --field-separator: -u --unique -z --zero-terminated -S: --buffer-size: --sort: --parallel:',
  },
  {
    programs: ['grep', 'egrep', 'fgrep'],
    options:
      '-E --extended-regexp -F --fixed-strings -G --basic-regexp -P --perl-regexp -e: --regexp: -f: --file: -i -y --ignore-case ' +
      '--no-ignore-case -v --invert-match -w --word-regexp -x --line-regexp -c --count --color? --colour? -L --files-without-match ' +
      '-l --files-with-matches -m: --max-count: -o --only-matching -q --quiet --silent -s --no-messages -b --byte-offset ' +
      '-H --with-filename -h --no-filename --label: -n --line-number -T --initial-tab -Z --null -z --null-data -A: --after-context: ' +
      '-B: --before-context: -C: --context: -a --text -I --binary-files: -r --recursive -R --dereference-recursive --include: ' +
      '--exclude: --exclude-dir: -U --binary --line-buffered',
    numbers: true,
  },
  {
    programs: ['find'],
    options:
      '-name: -iname: -path: -ipath: -wholename: -iwholename: -regex: -iregex: -regextype: -lname: -ilname: -type: -xtype: ' +
      '-maxdepth: -mindepth: -size: -mtime: -mmin: -atime: -amin: -ctime: -cmin: -newer: -anewer: -cnewer: -perm: -user: -group: ' +
      '-uid: -gid: -links: -inum: -samefile: -used: -empty -print -print0 -printf: -ls -prune -quit -true -false -not -and -or ' +
      '-a -o -depth -d -follow -mount -xdev -noleaf -readable -writable -executable -nouser -nogroup -daystart -L -P -H',
    wholeWords: true,
    ignoresDoubleDash: true,
  },
  {
    programs: ['sed', 'gsed'],
    options:
      '-n --quiet --silent -E -r --regexp-extended -s --separate -u --unbuffered -z --null-data --posix --debug --sandbox ' +
      '-e: --expression: -l: --line-length:',
    programText: 'first-operand',
    programOptions: ['-e', '--expression'],
  },
  {
    programs: ['awk', 'gawk', 'mawk', 'nawk', 'busybox-awk'],
    options: '-F: --field-separator: -v: --assign:',
    programText: 'first-operand',
  },
  {
    programs: ['tar', 'gtar', 'bsdtar'],
    options:
      '-t --list -v --verbose -f: --file: -z --gzip --gunzip -j --bzip2 -J --xz --zstd --lzma --lzip -a --auto-compress ' +
      '--wildcards --no-wildcards --anchored --no-anchored --exclude: --numeric-owner --full-time --utc --quoting-style: -O --to-stdout',
    bundledFirstArgument: true,
  },
  // Their operands are commands or program text: any call with arguments asks unless the rule spells them out.
  {
    programs: ['xargs', 'env', 'sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'fish', 'csh', 'tcsh', 'python', 'python3', 'python2', 'pypy', 'pypy3'],
    options: '',
    programText: 'operands',
  },
  { programs: ['node', 'nodejs', 'deno', 'bun', 'perl', 'ruby', 'php', 'lua', 'Rscript'], options: '', programText: 'operands' },
];

/** How one option is written in the table: whether it takes a value, and how. */
export type OptionArity = 'flag' | 'value' | 'attached';

/** The options of a spec as a map: `-k:` → `-k: value`. */
export function parseSafeOptions(options: string): ReadonlyMap<string, OptionArity> {
  const parsed = new Map<string, OptionArity>();
  for (const word of options.split(/\s+/).filter(Boolean)) {
    const last = word.at(-1);
    if (last === ':') parsed.set(word.slice(0, -1), 'value');
    else if (last === '?') parsed.set(word.slice(0, -1), 'attached');
    else parsed.set(word, 'flag');
  }
  return parsed;
}

/** The allow-list entry for argv[0] (matched on its last path component), if any. */
export function safeProgram(program: string): SafeProgram | undefined {
  const name = program.slice(program.lastIndexOf('/') + 1);
  return SAFE_PROGRAMS.find((entry) => entry.programs.includes(name));
}
