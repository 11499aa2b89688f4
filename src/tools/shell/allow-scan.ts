/**
 * Finds, in one argv of a program the allow-list knows (`tools/shell/safe-options.ts`), the
 * arguments it does not list as safe: an option not in the program's table, an abbreviation that is
 * ambiguous or abbreviates an option not in the table, a subcommand not known to only read, an
 * operand too many, and program text (awk and sed programs, the operands of xargs, env and shells).
 * Reads argv as GNU getopt and git do: `--opt=value` and `--opt value`, abbreviations (`--out` is
 * `--output`), clustered short options with attached values (`-nk2`), `--` ending the options.
 */
import { programRisks } from './options.ts';
import { parseSafeOptions, safeProgram, type OptionArity, type SafeOptionSpec, type SafeProgram } from './safe-options.ts';

/** One argument a pre-approved call may use only when its rule spells it out. */
export interface UnlistedArgument {
  /** Index in argv. */
  index: number;
  /** The option as written (`--out`, `-W`) or, for operands, the argument itself. */
  name: string;
  /** Whether `name` is an option (a rule may then name it by a pattern such as `--out=*`). */
  option: boolean;
  /** Why it is not pre-approved: `is not an option known to be safe for sort`. */
  why: string;
  /** No rule pre-approves it, not even one that spells it out (detaching). */
  always?: boolean;
}

/**
 * Every argument of `argv` its program's allow-list entry does not list, in order, and, for every
 * program, arguments that ask it to detach or daemonize (a process that leaves the call's process
 * group outlives the call without bubblewrap's pid namespace).
 */
export function findUnlistedArguments(argv: readonly string[]): UnlistedArgument[] {
  const entry = safeProgram(argv[0] ?? '');
  // The first operand of grep, sort or awk is data, never a `daemon` subcommand.
  const daemonSubcommand = entry === undefined || entry.subcommands !== undefined;
  return [...detachingArguments(argv, daemonSubcommand), ...(entry ? scan(entry, argv) : [])];
}

const DETACHING_PROGRAMS = new Set(['setsid', 'nohup', 'daemonize', 'start-stop-daemon', 'disown', 'screen', 'tmux', 'at', 'batch', 'systemd-run']);
const DETACHING_OPTIONS = ['--detach', '--daemon', '--daemonize', '--background', '--fork'];
const DETACHES = 'detaches or daemonizes, so its process could outlive the call';

/** `--detach` (also abbreviated, or `=value`) and `setsid ...` in any program; `git daemon` as the first operand. */
function detachingArguments(argv: readonly string[], daemonSubcommand: boolean): UnlistedArgument[] {
  const found: UnlistedArgument[] = [];
  const program = (argv[0] ?? '').slice((argv[0] ?? '').lastIndexOf('/') + 1);
  if (DETACHING_PROGRAMS.has(program)) found.push({ index: 0, name: program, option: false, why: DETACHES, always: true });
  const firstOperand = argv.findIndex((arg, index) => index > 0 && !arg.startsWith('-'));
  argv.forEach((arg, index) => {
    if (index === 0) return;
    const given = arg.split('=', 1)[0]!;
    const option = given.length >= 5 && DETACHING_OPTIONS.some((name) => name.startsWith(given));
    const daemon = daemonSubcommand && index === firstOperand && arg === 'daemon';
    if (option || daemon) found.push({ index, name: option ? given : arg, option, why: DETACHES, always: true });
  });
  return found;
}

type OptionReading = { refused: string; name: string } | { pending?: string; attached?: { option: string; value: string } };

function scan(entry: SafeProgram, argv: readonly string[]): UnlistedArgument[] {
  const found: UnlistedArgument[] = [];
  const program = argv[0]!.slice(argv[0]!.lastIndexOf('/') + 1);
  const known = riskyOptionNames(argv[0]!);
  let spec: SafeOptionSpec = entry;
  let options = parseSafeOptions(entry.options);
  let subcommand: string | undefined;
  let operands = 0;
  let optionsEnded = false;
  let programGiven = false;
  let pending: string | undefined;
  const programText = (index: number, value: string) => {
    programGiven = true;
    found.push({ index, name: value, option: false, why: `is program text of ${program}, which only a rule that spells it out pre-approves` });
  };

  for (let index = 1; index < argv.length; index++) {
    const arg = argv[index]!;
    if (pending !== undefined) {
      if (entry.programOptions?.includes(pending)) programText(index, arg);
      pending = undefined;
      continue;
    }
    if (!optionsEnded && arg === '--') {
      // find reads options after `--` still.
      optionsEnded = entry.ignoresDoubleDash !== true;
      continue;
    }
    const bundled = index === 1 && entry.bundledFirstArgument === true && !arg.startsWith('-');
    if (!optionsEnded && (bundled || (arg.startsWith('-') && arg.length > 1))) {
      const reading = readOption(bundled ? `-${arg}` : arg, options, spec, known);
      if ('refused' in reading) {
        found.push({ index, name: reading.name, option: true, why: `${reading.refused} for ${subcommand ? `${program} ${subcommand}` : program}` });
        continue;
      }
      if (reading.attached && entry.programOptions?.includes(reading.attached.option)) programText(index, reading.attached.value);
      pending = reading.pending;
      continue;
    }
    if (entry.subcommands && subcommand === undefined) {
      subcommand = arg;
      const sub = Object.hasOwn(entry.subcommands, arg) ? entry.subcommands[arg] : undefined;
      if (!sub) {
        found.push({ index, name: arg, option: false, why: `is not a ${program} subcommand known to only read` });
        return found;
      }
      spec = sub;
      options = parseSafeOptions(sub.options);
      continue;
    }
    operands++;
    if (spec.maxOperands !== undefined && operands > spec.maxOperands) {
      found.push({ index, name: arg, option: false, why: `is one operand more than ${program} reads only (it would be written or created)` });
    } else if (entry.programText === 'operands' || (entry.programText === 'first-operand' && !programGiven)) {
      programText(index, arg);
    }
  }
  return found;
}

/** Long option names of the deny-list for this program, so that an abbreviation of one of them is never read as a safe option. */
function riskyOptionNames(program: string): ReadonlySet<string> {
  const risks = programRisks(program);
  if (!risks) return new Set();
  const names = [
    ...Object.keys(risks.options ?? {}),
    ...Object.keys(risks.globalOptions ?? {}),
    ...Object.keys(risks.subcommandOptions ?? {}),
    ...(risks.valueOptions ?? []),
    ...(risks.globalValueOptions ?? []),
  ];
  return new Set(names.filter((name) => name.startsWith('--')));
}

const NOT_SAFE = 'is not an option known to be safe';

/** How `word` (starting with `-`) reads against the safe options. */
function readOption(word: string, options: ReadonlyMap<string, OptionArity>, spec: SafeOptionSpec, risky: ReadonlySet<string>): OptionReading {
  if (spec.numbers === true && /^-[0-9]+$/.test(word)) return {};
  if (spec.wholeWords === true) {
    const arity = options.get(word);
    if (arity === undefined) return { refused: NOT_SAFE, name: word };
    return arity === 'value' ? { pending: word } : {};
  }
  if (word.startsWith('--')) return readLongOption(word, options, risky);
  for (let i = 1; i < word.length; i++) {
    const name = `-${word[i]}`;
    const arity = options.get(name);
    if (arity === undefined) return { refused: NOT_SAFE, name };
    if (arity === 'flag') continue;
    const rest = word.slice(i + 1);
    if (rest !== '') return { attached: { option: name, value: rest } };
    return arity === 'value' ? { pending: name } : {};
  }
  return {};
}

/** `--opt`, `--opt=value` or an abbreviation: an abbreviation counts as the one option it abbreviates. */
function readLongOption(word: string, options: ReadonlyMap<string, OptionArity>, risky: ReadonlySet<string>): OptionReading {
  const eq = word.indexOf('=');
  const given = eq < 0 ? word : word.slice(0, eq);
  let name = given;
  if (!options.has(given)) {
    if (risky.has(given)) return { refused: NOT_SAFE, name: given };
    const candidates = new Set([...options.keys(), ...risky].filter((option) => option.startsWith('--') && option.startsWith(given)));
    if (candidates.size > 1) return { refused: `is an ambiguous abbreviation (of ${[...candidates].join(', ')})`, name: given };
    const [only] = candidates;
    if (only === undefined || !options.has(only)) return { refused: only === undefined ? NOT_SAFE : `abbreviates ${only}, which ${NOT_SAFE}`, name: given };
    name = only;
  }
  const arity = options.get(name)!;
  if (eq >= 0)
    return arity === 'flag' ? { refused: `takes no value; it ${NOT_SAFE} with one`, name: given } : { attached: { option: name, value: word.slice(eq + 1) } };
  return arity === 'value' ? { pending: name } : {};
}
