/**
 * Turning a `shell` tool command into argv (docs/tools.md), and the check of arguments naming paths
 * outside the working directory. Nothing here runs a process.
 */
import { parse } from 'shell-quote';
import { ToolError } from '../../errors.ts';

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
 * The argument itself, the value of `--option=value`, and for a short option word (`-ofile`,
 * `-nofile`) the text after its first letter and from its first `/` or `~`: any of them may be an
 * attached path, since a cluster's value can start at any letter.
 */
function possiblePaths(arg: string): string[] {
  const eq = arg.indexOf('=');
  const values = eq > 0 ? [arg, arg.slice(eq + 1)] : [arg];
  if (/^-[^-]/.test(arg)) {
    const attached = arg.slice(2);
    const rooted = attached.search(/[/~]/);
    values.push(attached);
    if (rooted > 0) values.push(attached.slice(rooted));
  }
  return values;
}

/**
 * Best-effort refusal of arguments naming host paths outside the working directory: absolute paths,
 * `~` (home directory), and any `..` path segment, also as the value of `--option=value` or attached
 * to a short option (`-o/tmp/x`). It cannot know which arguments a program treats as paths, nor
 * follow symlinks inside the working directory; isolation is what bounds the program.
 */
export function checkShellArguments(argv: readonly string[]): void {
  for (const arg of argv) {
    for (const value of possiblePaths(arg)) {
      if (value.startsWith('/')) refuse(`argument "${arg}" is an absolute path; use paths relative to the working directory`);
      if (value.startsWith('~')) refuse(`argument "${arg}" refers to a home directory; use paths relative to the working directory`);
      if (value.split('/').includes('..')) refuse(`argument "${arg}" leaves the working directory with ".."; use paths inside it`);
    }
  }
}

/** argv as a person would type it, for messages: plain words as they are, others single-quoted. */
export function displayCommand(argv: readonly string[]): string {
  return argv.map((word) => (/^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`)).join(' ');
}
