/**
 * The table of arguments that make a common program write files or run other programs (docs/security.md).
 * A pre-approved `shell` call may use one only when its rule names it (see `tools/shell/rules.ts`).
 * The table is data: one entry per program, read by the scanner in `tools/shell/option-scan.ts`.
 */
import { riskySedScript } from './sed-script.ts';

/**
 * What a program's arguments can do, beyond its plain reading use.
 *
 * Option names: `--output` is a long option (it also matches `--output=x`, `--output x` and the
 * abbreviations GNU getopt and git accept, such as `--out`); `-o` is a short option (also inside a
 * cluster such as `-no`, and with an attached value such as `-ofile`); any other spelling, such as
 * find's `-exec`, is matched as a whole word.
 */
export interface ProgramRisks {
  /** Program names (the last path component of argv[0]). */
  programs: readonly string[];
  /** Options that write or run programs, with why. */
  options?: Readonly<Record<string, string>>;
  /** Options valid only before the subcommand (git's global options), with why. */
  globalOptions?: Readonly<Record<string, string>>;
  /** Options that matter only under some subcommands: option → [subcommands, why]. */
  subcommandOptions?: Readonly<Record<string, readonly [readonly string[], string]>>;
  /** Subcommands (first operand) that write or run programs, with why. */
  subcommands?: Readonly<Record<string, string>>;
  /**
   * Options that take a value: attached (`-k2`, `--key=2`) or as the next word (`-k 2`), which is
   * then not an operand. In a cluster (`-nk2`), the rest of the word after one of them is its value.
   */
  valueOptions?: readonly string[];
  /** Global options that take the next word as their value (git `-C dir`), so it is not the subcommand. */
  globalValueOptions?: readonly string[];
  /**
   * The program's script (sed, awk): the value of one of `options` (`-e`), or else (unless one of
   * `fileOptions` names a script file) its first operand. `check` says why a script is risky.
   */
  script?: { options: readonly string[]; fileOptions: readonly string[]; check: (script: string) => string | undefined };
  /** The program runs what its first operand names (a script, a command): why. */
  firstOperand?: string;
  /** Every argument is something the program writes or runs (tee's files, xargs's command): why. */
  everyArgument?: string;
  /** A check of every operand and option value that says why it is risky (git URLs). */
  operand?: (value: string) => string | undefined;
  /** `tar xf a.tar`: the first argument is a cluster of options even without a dash. */
  bundledFirstArgument?: boolean;
  /** find: `--` does not end the expression, so options after it still count. */
  ignoresDoubleDash?: boolean;
}

const WRITES = 'writes files';
const RUNS = 'runs a program';

/** A git URL such as `ext::sh -c ...` or `fd::3` makes git run a remote helper program. */
function gitRemoteHelper(value: string): string | undefined {
  return /^[A-Za-z][A-Za-z0-9+.-]*::/.test(value) ? 'names a remote helper transport, which runs a program' : undefined;
}

/** awk programs can run commands (`system()`, `| getline`, `print | "cmd"`) and write files (`print > "f"`). */
function riskyAwkProgram(value: string): string | undefined {
  if (/\bsystem\s*\(/.test(value)) return 'calls system(), which runs a command';
  if (value.includes('|')) return 'uses a pipe ("|"), which runs a command';
  if (value.includes('>')) return 'uses ">" (output redirection to a file, or a comparison; write "<" the other way round)';
  if (/\bgetline\b/.test(value)) return 'uses getline, which reads files or runs commands';
  return undefined;
}

/** GNU tar treats `host:file` as a remote archive and runs rsh/ssh to reach it. */
function remoteTarArchive(value: string): string | undefined {
  return /^[^/]*:/.test(value) && !value.startsWith('-') ? 'names a remote archive (HOST:FILE), which runs a remote shell program' : undefined;
}

const INTERPRETER_SCRIPT = 'runs the script it names';
const RUNNER = 'runs the command given in its arguments';

/**
 * The table. Programs not listed here are governed by the rules alone; isolation (bubblewrap)
 * is what bounds them.
 */
export const PROGRAM_RISKS: readonly ProgramRisks[] = [
  {
    programs: ['git'],
    globalOptions: {
      '-c': 'sets configuration, which can name programs git runs',
      '--config-env': 'sets configuration, which can name programs git runs',
      '--exec-path': 'changes where git finds the programs it runs',
      '--git-dir': 'points git at another repository and its configuration',
      '--work-tree': 'points git at another working tree',
      '-C': "runs git in another directory, with that repository's configuration",
      '-p': 'starts a pager program',
      '--paginate': 'starts a pager program',
    },
    globalValueOptions: ['-c', '-C', '--git-dir', '--work-tree', '--namespace', '--config-env', '--super-prefix', '--attr-source'],
    options: {
      '--output': WRITES,
      '--ext-diff': 'runs the external diff program named in the configuration',
      '--textconv': 'runs the text conversion programs named in the configuration',
      '--upload-pack': RUNS,
      '--receive-pack': RUNS,
      '--exec': RUNS,
      '--open-files-in-pager': 'starts a pager program',
      '--template': 'copies hooks (programs git runs) from a template directory',
      '--config': 'sets configuration, which can name programs git runs',
      '--separate-git-dir': WRITES,
    },
    subcommandOptions: {
      '-o': [['format-patch', 'archive'], WRITES],
      '-O': [['grep'], 'starts a pager program'],
      '-u': [['clone', 'fetch', 'pull', 'ls-remote', 'archive'], 'names the upload-pack program to run'],
      '-x': [['rebase'], RUNS],
      '-c': [['clone'], 'sets configuration, which can name programs git runs'],
    },
    subcommands: {
      config: 'changes configuration, which can name programs git runs',
      difftool: RUNS,
      mergetool: RUNS,
      'filter-branch': RUNS,
      bisect: 'can run a program (bisect run)',
      submodule: 'runs commands configured per submodule',
      instaweb: 'starts a web server',
    },
    operand: gitRemoteHelper,
  },
  {
    programs: ['sort'],
    options: {
      '-o': WRITES,
      '--output': WRITES,
      '--compress-program': RUNS,
      '-T': 'writes temporary files to the directory it names',
      '--temporary-directory': 'writes temporary files to the directory it names',
    },
    valueOptions: [
      '-k',
      '-o',
      '-t',
      '-S',
      '-T',
      '--key',
      '--output',
      '--field-separator',
      '--buffer-size',
      '--temporary-directory',
      '--compress-program',
      '--files0-from',
      '--parallel',
      '--sort',
    ],
  },
  {
    programs: ['find'],
    options: {
      '-exec': RUNS,
      '-execdir': RUNS,
      '-ok': RUNS,
      '-okdir': RUNS,
      '-delete': 'deletes files',
      '-fprint': WRITES,
      '-fprint0': WRITES,
      '-fprintf': WRITES,
      '-fls': WRITES,
    },
    ignoresDoubleDash: true,
  },
  {
    programs: ['sed', 'gsed'],
    options: {
      '-i': 'edits files in place',
      '--in-place': 'edits files in place',
      '-f': 'reads its script from a file, which may write files or run commands',
      '--file': 'reads its script from a file, which may write files or run commands',
    },
    valueOptions: ['-e', '-f', '-l', '--expression', '--file', '--line-length'],
    script: { options: ['-e', '--expression'], fileOptions: ['-f', '--file'], check: riskySedScript },
  },
  {
    programs: ['awk', 'gawk', 'mawk', 'nawk', 'busybox-awk'],
    options: {
      '-f': 'reads its program from a file, which may write files or run commands',
      '--file': 'reads its program from a file, which may write files or run commands',
      '-i': 'includes a source file',
      '--include': 'includes a source file',
      '-l': 'loads a compiled extension',
      '--load': 'loads a compiled extension',
      '-E': 'reads its program from a file',
      '--exec': 'reads its program from a file',
      '-o': WRITES,
      '--pretty-print': WRITES,
      '-p': WRITES,
      '--profile': WRITES,
      '-d': WRITES,
      '--dump-variables': WRITES,
      '-D': 'starts the debugger',
      '--debug': 'starts the debugger',
    },
    valueOptions: ['-f', '-F', '-v', '-i', '-l', '-E', '-e', '--file', '--field-separator', '--assign', '--include', '--load', '--exec', '--source'],
    script: { options: ['-e', '--source'], fileOptions: ['-f', '--file', '-E', '--exec'], check: riskyAwkProgram },
  },
  {
    programs: ['tar', 'gtar', 'bsdtar'],
    options: {
      '-x': 'extracts (writes) files',
      '--extract': 'extracts (writes) files',
      '--get': 'extracts (writes) files',
      '-c': 'creates an archive file',
      '--create': 'creates an archive file',
      '-r': 'appends to an archive file',
      '--append': 'appends to an archive file',
      '-u': 'updates an archive file',
      '--update': 'updates an archive file',
      '-A': 'appends to an archive file',
      '--catenate': 'appends to an archive file',
      '--concatenate': 'appends to an archive file',
      '--delete': 'deletes from an archive file',
      '--remove-files': 'deletes files',
      '-I': 'runs a compression program',
      '--use-compress-program': 'runs a compression program',
      '--to-command': RUNS,
      '--checkpoint-action': 'runs a program at checkpoints',
      '-F': RUNS,
      '--info-script': RUNS,
      '--new-volume-script': RUNS,
      '--rsh-command': RUNS,
      '--rmt-command': RUNS,
      '-g': WRITES,
      '--listed-incremental': WRITES,
      '--index-file': WRITES,
    },
    valueOptions: [
      '-f',
      '-C',
      '-I',
      '-F',
      '-g',
      '-b',
      '-K',
      '-L',
      '-N',
      '-T',
      '-V',
      '-X',
      '-H',
      '--file',
      '--directory',
      '--use-compress-program',
      '--info-script',
      '--new-volume-script',
      '--listed-incremental',
      '--to-command',
      '--exclude',
      '--files-from',
      '--format',
      '--transform',
      '--owner',
      '--group',
      '--mode',
      '--mtime',
    ],
    bundledFirstArgument: true,
    operand: remoteTarArchive,
  },
  { programs: ['rg', 'ripgrep'], options: { '--pre': RUNS, '--hostname-bin': RUNS } },
  {
    programs: ['less', 'more', 'most'],
    options: {
      '-o': WRITES,
      '-O': WRITES,
      '--log-file': WRITES,
      '--LOG-FILE': WRITES,
      '-k': 'reads key bindings (which can run commands)',
      '--lesskey-file': 'reads key bindings (which can run commands)',
    },
    valueOptions: [
      '-b',
      '-h',
      '-j',
      '-k',
      '-o',
      '-O',
      '-p',
      '-P',
      '-t',
      '-T',
      '-x',
      '-y',
      '-z',
      '--log-file',
      '--LOG-FILE',
      '--lesskey-file',
      '--pattern',
      '--prompt',
      '--tag',
      '--tag-file',
    ],
  },
  {
    programs: ['curl'],
    options: {
      '-o': WRITES,
      '--output': WRITES,
      '-O': WRITES,
      '--remote-name': WRITES,
      '--remote-name-all': WRITES,
      '--output-dir': WRITES,
      '-D': WRITES,
      '--dump-header': WRITES,
      '-c': WRITES,
      '--cookie-jar': WRITES,
      '--trace': WRITES,
      '--trace-ascii': WRITES,
      '--libcurl': WRITES,
      '--stderr': WRITES,
      '--etag-save': WRITES,
      '--hsts': WRITES,
      '--alt-svc': WRITES,
      '-K': 'reads options from a file',
      '--config': 'reads options from a file',
      '-T': 'uploads a file',
      '--upload-file': 'uploads a file',
    },
    valueOptions: [
      '-A',
      '-b',
      '-c',
      '-C',
      '-d',
      '-D',
      '-e',
      '-E',
      '-F',
      '-H',
      '-K',
      '-m',
      '-o',
      '-P',
      '-Q',
      '-r',
      '-T',
      '-u',
      '-U',
      '-w',
      '-x',
      '-X',
      '-y',
      '-Y',
      '-z',
      '--output',
      '--data',
      '--header',
      '--user-agent',
      '--user',
      '--request',
      '--cookie',
      '--cookie-jar',
      '--config',
      '--upload-file',
      '--dump-header',
      '--output-dir',
      '--trace',
      '--trace-ascii',
      '--stderr',
      '--form',
      '--proxy',
      '--max-time',
      '--referer',
    ],
  },
  { programs: ['wget'], everyArgument: 'downloads and writes files' },
  { programs: ['patch'], everyArgument: 'changes the files the patch names' },
  { programs: ['tee'], everyArgument: 'writes every file it names' },
  {
    programs: [
      'cp',
      'mv',
      'rm',
      'dd',
      'ln',
      'touch',
      'mkdir',
      'rmdir',
      'chmod',
      'chown',
      'chgrp',
      'truncate',
      'install',
      'shred',
      'unlink',
      'rsync',
      'split',
      'csplit',
      'gzip',
      'gunzip',
      'bzip2',
      'xz',
      'zip',
      'unzip',
    ],
    everyArgument: 'writes, moves or deletes the files it names',
  },
  {
    programs: [
      'xargs',
      'env',
      'nice',
      'nohup',
      'timeout',
      'setsid',
      'stdbuf',
      'time',
      'sudo',
      'su',
      'doas',
      'chroot',
      'unshare',
      'nsenter',
      'ionice',
      'taskset',
      'flock',
      'watch',
      'script',
      'strace',
      'ltrace',
      'parallel',
      'busybox',
      'make',
      'npx',
    ],
    everyArgument: RUNNER,
  },
  {
    programs: ['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'fish', 'csh', 'tcsh'],
    options: { '-c': 'runs the command text it is given' },
    valueOptions: ['-c', '-o', '-O'],
    firstOperand: INTERPRETER_SCRIPT,
  },
  {
    programs: ['python', 'python3', 'python2', 'pypy', 'pypy3'],
    options: { '-c': 'runs the code it is given', '-m': 'runs the module it names' },
    valueOptions: ['-c', '-m', '-W', '-X', '-Q'],
    firstOperand: INTERPRETER_SCRIPT,
  },
  {
    programs: ['node', 'nodejs', 'deno', 'bun'],
    options: {
      '-e': 'runs the code it is given',
      '--eval': 'runs the code it is given',
      '-p': 'runs the code it is given',
      '--print': 'runs the code it is given',
      '-r': 'loads the module it names',
      '--require': 'loads the module it names',
      '--import': 'loads the module it names',
      '--loader': 'loads the module it names',
      '--experimental-loader': 'loads the module it names',
    },
    valueOptions: ['-e', '-p', '-r', '-C', '--eval', '--print', '--require', '--import', '--loader', '--experimental-loader', '--conditions'],
    firstOperand: INTERPRETER_SCRIPT,
  },
  {
    programs: ['perl', 'ruby', 'php', 'lua', 'Rscript'],
    options: { '-e': 'runs the code it is given', '-E': 'runs the code it is given', '-r': 'runs the code it is given', '-i': 'edits files in place' },
    valueOptions: ['-e', '-E', '-r'],
    firstOperand: INTERPRETER_SCRIPT,
  },
];

/** The table entry for argv[0] (matched on its last path component), if any. */
export function programRisks(program: string): ProgramRisks | undefined {
  const name = program.slice(program.lastIndexOf('/') + 1);
  return PROGRAM_RISKS.find((entry) => entry.programs.includes(name));
}
