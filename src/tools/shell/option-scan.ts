/**
 * Finds, in one argv, the arguments the table of `tools/shell/options.ts` marks as writing files or
 * running programs. Reads argv the way GNU getopt and git do: `--opt=value` and `--opt value`,
 * abbreviated long options (`--out`), clustered short options (`-no`) with attached values, and
 * `--` ending the options.
 */
import { programRisks, type ProgramRisks } from './options.ts';

/** One risky argument of a command. */
export interface RiskyArgument {
  /** Index in argv. */
  index: number;
  /** The option (`--output`, `-o`, `-exec`) or, for operands, the argument itself. */
  name: string;
  /** Whether `name` is an option (a rule may then name it by a pattern such as `--output=*`). */
  option: boolean;
  /** What it does: `writes files`. */
  why: string;
}

/** Every risky argument of `argv`, in order. */
export function findRiskyArguments(argv: readonly string[]): RiskyArgument[] {
  const risks = programRisks(argv[0] ?? '');
  return risks ? scan(risks, argv) : [];
}

type Add = (index: number, name: string, option: boolean, why: string) => void;

function scan(risks: ProgramRisks, argv: readonly string[]): RiskyArgument[] {
  const found: RiskyArgument[] = [];
  const add: Add = (index, name, option, why) => found.push({ index, name, option, why });
  const checkOperand = (value: string, index: number) => {
    const why = risks.operand?.(value);
    if (why) add(index, value, false, why);
  };
  const checkScript = (value: string, index: number) => {
    const why = risks.script?.check(value);
    if (why) add(index, value, false, why);
  };
  let subcommand: string | undefined;
  let operands = 0;
  let optionsEnded = false;
  let scriptGiven = false;
  // What the next word is the value of: a script option, or any other option taking a value.
  let pendingValue: 'script' | 'value' | undefined;

  for (let index = 1; index < argv.length; index++) {
    const arg = argv[index]!;
    if (risks.everyArgument) add(index, arg, false, risks.everyArgument);
    if (pendingValue) {
      if (pendingValue === 'script') checkScript(arg, index);
      checkOperand(arg, index);
      pendingValue = undefined;
      continue;
    }
    if (!optionsEnded && arg === '--' && !risks.ignoresDoubleDash) {
      optionsEnded = true;
      continue;
    }
    const bundled = index === 1 && risks.bundledFirstArgument === true && !arg.startsWith('-');
    if (!optionsEnded && (bundled || (arg.startsWith('-') && arg.length > 1))) {
      const global = risks.subcommands !== undefined && subcommand === undefined;
      const options = { ...risks.options, ...(global ? risks.globalOptions : subcommandOptions(risks, subcommand)) };
      const word = bundled ? `-${arg}` : arg;
      for (const [name, why] of matchOptions(word, options, risks.valueOptions ?? [])) add(index, name, true, why);
      checkOperand(arg, index);
      const value = optionValue(word, risks.valueOptions ?? []);
      const isScript = value !== undefined && (risks.script?.options.includes(value.option) ?? false);
      if (isScript || (value !== undefined && risks.script?.fileOptions.includes(value.option))) scriptGiven = true;
      if (value?.attached !== undefined) {
        if (isScript) checkScript(value.attached, index);
        checkOperand(value.attached, index);
      } else if (value || (global && risks.globalValueOptions?.includes(arg))) {
        pendingValue = isScript ? 'script' : 'value';
      }
      continue;
    }
    operands++;
    if (operands === 1) {
      subcommand = arg;
      if (risks.firstOperand) add(index, arg, false, risks.firstOperand);
      if (risks.subcommands && Object.hasOwn(risks.subcommands, arg)) add(index, arg, false, risks.subcommands[arg]!);
      if (!scriptGiven) checkScript(arg, index);
    }
    checkOperand(arg, index);
  }
  return found;
}

function subcommandOptions(risks: ProgramRisks, subcommand: string | undefined): Record<string, string> {
  const options: Record<string, string> = {};
  for (const [name, [subcommands, why]] of Object.entries(risks.subcommandOptions ?? {})) {
    if (subcommand !== undefined && subcommands.includes(subcommand)) options[name] = why;
  }
  return options;
}

/** Long option names `given` may stand for: itself, or those it abbreviates (GNU getopt and git accept any prefix). */
function longNames(given: string, names: readonly string[]): string[] {
  if (names.includes(given)) return [given];
  return given.length > 2 ? names.filter((name) => name.startsWith('--') && name.startsWith(given)) : [];
}

/** Which table options the word `arg` (starting with `-`) names. */
function matchOptions(arg: string, options: Readonly<Record<string, string>>, valueOptions: readonly string[]): [string, string][] {
  // Whole words first: find's `-exec`, `-fprint0`, or an exact `--output`.
  if (Object.hasOwn(options, arg)) return [[arg, options[arg]!]];
  if (arg.startsWith('--')) {
    const given = arg.split('=', 1)[0]!;
    return longNames(given, Object.keys(options)).map((name) => [name, options[name]!]);
  }
  const found: [string, string][] = [];
  for (const letter of arg.slice(1)) {
    const name = `-${letter}`;
    if (Object.hasOwn(options, name)) found.push([name, options[name]!]);
    if (valueOptions.includes(name)) break; // the rest of the word is this option's value
  }
  return found;
}

/**
 * The value-taking option `arg` holds, if any, with its attached value (`--expression=x`, `-ex`,
 * `-nex`); without an attached value, the next word is the value.
 */
function optionValue(arg: string, valueOptions: readonly string[]): { option: string; attached?: string } | undefined {
  if (arg.startsWith('--')) {
    const eq = arg.indexOf('=');
    const [option] = longNames(eq < 0 ? arg : arg.slice(0, eq), valueOptions);
    if (option === undefined) return undefined;
    return eq < 0 ? { option } : { option, attached: arg.slice(eq + 1) };
  }
  for (let i = 1; i < arg.length; i++) {
    const option = `-${arg[i]}`;
    if (valueOptions.includes(option)) return i + 1 < arg.length ? { option, attached: arg.slice(i + 1) } : { option };
  }
  return undefined;
}
