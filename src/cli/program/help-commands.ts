/**
 * What helps a person get llm-do working and find their way in it: `doctor`, `completion` (and the
 * hidden `__complete` the completion scripts call) and `help`.
 */
import type { Command } from 'commander';
import { UsageError } from '../../errors.ts';
import { suggestNearest } from '../../worker-file/suggest.ts';
import type { DoctorOptions } from '../commands/doctor.ts';
import { EXIT_OK } from '../exit-codes.ts';
import { writeOutput } from '../io.ts';
import type { CommandContext } from './command-context.ts';

export function registerHelpCommands(program: Command, { io, action }: CommandContext): void {
  program
    .command('doctor')
    .description(
      'why it does not work on this machine: Node, config, keys (present or not, never values), run log, caches, bubblewrap, browser, usable providers',
    )
    .option('--json', 'print one JSON object {ok, checks: [{name, ok, detail, hint?, optional?}]}')
    .addHelpText('after', '\nExamples:\n  llm-do doctor\n  llm-do doctor --json\n')
    .action(action(async (options: DoctorOptions) => (await import('../commands/doctor.ts')).runDoctor(options, io)));

  program
    .command('completion')
    .description('print the shell completion script for bash, zsh or fish: commands, options, worker ids and models')
    .argument('[shell]', 'bash, zsh or fish')
    .addHelpText(
      'after',
      '\nExamples:\n  source <(llm-do completion bash)          # in ~/.bashrc\n  llm-do completion fish > ~/.config/fish/completions/llm-do.fish\n',
    )
    .action(action(async (shell: string | undefined) => (await import('../commands/completion.ts')).runCompletionScript(shell, io)));
  program
    .command('__complete', { hidden: true })
    .argument('[words...]')
    .helpOption(false)
    .allowUnknownOption()
    .passThroughOptions()
    .action(action(async (words: string[] = []) => (await import('../commands/completion.ts')).runComplete(program, words, io)));

  program
    .command('help')
    .description('this overview, or the options and examples of COMMAND')
    .argument('[command...]', 'a command, e.g. batch or runs show')
    .action(
      action(async (names: string[]) => {
        if (names.length === 0) {
          writeOutput(io, (await import('../overview.ts')).formatOverview(program));
          return EXIT_OK;
        }
        commandNamed(program, names).outputHelp();
        return EXIT_OK;
      }),
    );
}

/** The (sub)command `names` name (`["runs", "show"]`); a UsageError suggests the nearest name for one that is not. */
function commandNamed(program: Command, names: readonly string[]): Command {
  let command = program;
  for (const name of names) {
    const next = command.commands.find((candidate) => candidate.name() === name || candidate.aliases().includes(name));
    if (!next) {
      const known = command.commands.map((candidate) => candidate.name());
      const nearest = suggestNearest(name, known);
      throw new UsageError(
        `no command ${JSON.stringify([...names.slice(0, names.indexOf(name)), name].join(' '))}${nearest ? ` (did you mean ${nearest}?)` : ''}; commands: ${known.join(', ')}`,
      );
    }
    command = next;
  }
  return command;
}
