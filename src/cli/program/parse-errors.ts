/** How the program answers a command line it cannot parse: the usage line of the command, a suggestion, JSON when asked. */
import type { Command } from 'commander';
import { suggestNearest } from '../../worker-file/suggest.ts';

/**
 * Makes every command answer a parse error (unknown flag, missing argument) with its own usage line,
 * and tells `onParseError` which command it was.
 */
export function showUsageOnError(command: Command, onParseError: (command: Command) => void, parentName = ''): void {
  const name = parentName ? `${parentName} ${command.name()}` : command.name();
  command.showHelpAfterError(`usage: ${name} ${command.usage()}\n(run "${name} --help" for details and examples)`);
  command.exitOverride((error) => {
    onParseError(command);
    throw error;
  });
  for (const sub of command.commands) showUsageOnError(sub, onParseError, name);
}

/**
 * `llm-do runs shwo`: a command with subcommands and an action of its own takes a mistyped
 * subcommand for an argument too many; say which subcommand was likely meant, as commander does
 * for commands without an action.
 */
export function withSubcommandSuggestion(text: string, program: Command): string {
  const name = /^error: too many arguments for '([\w-]+)'/.exec(text)?.[1];
  const command = name === undefined ? undefined : program.commands.find((candidate) => candidate.name() === name);
  const word = command?.args[0];
  // A word of one or two letters is "near" every short name: no suggestion for it.
  const nearest =
    word === undefined || word.length < 3
      ? undefined
      : suggestNearest(
          word,
          command!.commands.map((sub) => sub.name()),
        );
  return nearest === undefined ? text : `error: unknown command '${word}'\n(Did you mean ${nearest}?)\n`;
}

/** Whether `--json` is among the options (before a `--`): then even a usage error answers in JSON. */
export function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}
