/**
 * The `llm-do` command line: a thin shell over the library. Commander parses; each group of commands
 * declares itself in `program/` (in the order `llm-do help` lists them), each command lives in
 * `commands/` and returns an exit code; errors map to exit codes in `exit-codes.ts`.
 */
import { Command, CommanderError } from 'commander';
import { UsageError } from '../errors.ts';
import { EXIT_OK, EXIT_USAGE, reportError, reportJsonError } from './exit-codes.ts';
import { writeOutput, type CliIO } from './io.ts';
import { registerBatchCommand, registerRestateCommands } from './program/batch-commands.ts';
import type { CommandContext } from './program/command-context.ts';
import { registerHelpCommands } from './program/help-commands.ts';
import { registerMcpCommands } from './program/mcp-commands.ts';
import { showUsageOnError, wantsJson, withSubcommandSuggestion } from './program/parse-errors.ts';
import { registerMigrateCommand, registerProjectCommands, registerPromoteCommand, registerTestCommand } from './program/project-commands.ts';
import { registerRunCommands } from './program/run-commands.ts';
import { registerRunLogCommands } from './program/run-log-commands.ts';
import { registerSetupCommands } from './program/setup-commands.ts';
import { registerUiCommand } from './program/ui-command.ts';
import { escapeTerminalText } from './terminal-text.ts';
import { VERSION } from './version.ts';

/** Runs the CLI with `argv` (without the node and script entries) and returns the exit code. */
export async function main(argv: string[], io: CliIO): Promise<number> {
  let exitCode = EXIT_OK;
  const context: CommandContext = {
    io,
    argv,
    action:
      (task) =>
      async (...args) => {
        exitCode = await task(...args);
      },
  };

  const program = new Command('llm-do')
    .description('Run LLM workers — YAML front matter plus an instruction template — as projects of small, composable agents.')
    .version(VERSION, '-V, --version')
    .configureOutput({
      writeOut: (text) => writeOutput(io, text),
      // Parse errors quote what was typed (or what a script passed).
      writeErr: (text) => io.stderr.write(escapeTerminalText(text)),
      outputError: (text, write) => write(withSubcommandSuggestion(text, program)),
    })
    .showSuggestionAfterError(true)
    .enablePositionalOptions();
  // In the order `llm-do help` and `--help` list the commands.
  registerRunCommands(program, context);
  registerProjectCommands(program, context);
  registerMcpCommands(program, context);
  registerRunLogCommands(program, context);
  registerUiCommand(program, context);
  registerPromoteCommand(program, context);
  registerMigrateCommand(program, context);
  registerSetupCommands(program, context);
  registerBatchCommand(program, context);
  registerTestCommand(program, context);
  registerRestateCommands(program, context);
  registerHelpCommands(program, context);

  let failedCommand: Command = program;
  showUsageOnError(program, (command) => (failedCommand = command));
  // A run's JSON keeps its keys (empty); other commands answer {status, error}.
  const jsonFields = async () => (failedCommand === program ? (await import('./command-session.ts')).NOT_RUN_JSON : {});
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; every parse error is a usage error (commander printed it already).
      if (error.exitCode === 0) return EXIT_OK;
      if (!wantsJson(argv)) return EXIT_USAGE;
      return reportJsonError(new UsageError(error.message.replace(/^error: /, '')), io, await jsonFields());
    }
    return wantsJson(argv) ? reportJsonError(error, io, await jsonFields()) : reportError(error, io);
  }
}
