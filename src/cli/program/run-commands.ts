/**
 * `llm-do TARGET [INPUT]` (the program's own action, with its `--chat`, `--check` and
 * `--list-workers` aliases) and `llm-do chat`.
 */
import { type Command, Option } from 'commander';
import type { ChatCommandOptions } from '../commands/chat.ts';
import type { RunCommandOptions } from '../commands/run.ts';
import { EXIT_OK } from '../exit-codes.ts';
import { writeOutput } from '../io.ts';
import type { CommandContext } from './command-context.ts';
import { addSessionOptions } from './shared-options.ts';

const RUN_EXAMPLES = `
Examples:
  llm-do examples/greeter "hi" --model test      run a project's main worker offline
  llm-do ./my-project --entry reports/summarizer --input '{"topic": "tides"}'
  llm-do tasks/greet.worker "Ada"                 run one worker file
  cat notes.txt | llm-do summarize -              read the input from stdin
  llm-do check ./my-project                       validate a project
`;

export function registerRunCommands(program: Command, { io, argv, action }: CommandContext): void {
  program
    .argument('[target]', 'project directory, worker file (.worker/.yaml), or a worker name on LLM_DO_PATH')
    .argument('[input]', 'input text ("-" reads stdin; piped stdin is read when no input is given)')
    .option('--input <json>', "input as JSON (validated against the entry worker's schema_in)")
    .option('--attach <files...>', "files to attach to the entry worker's request")
    .addOption(new Option('--json', 'print one JSON object {worker, output, usage, status, error?, denied_calls} on stdout').conflicts('chat'))
    .option('--fail-on-deny', 'exit 1 when any tool call of the run was denied')
    .option('--state <file>', "write the run's state to FILE after every step (resume it with llm-do resume --state FILE)")
    .addOption(new Option('--record <file>', 'keep every model request of the run and its answer in a cassette FILE (JSON, no keys)').conflicts('replay'))
    .option('--replay <file>', 'answer every model request from a cassette FILE written by --record: no provider, key or network')
    .option('--chat', 'chat with the entry worker (alias of "llm-do chat TARGET")')
    .option('--check', 'alias of "llm-do check TARGET"')
    .option('--list-workers', 'alias of "llm-do list TARGET"')
    .addHelpText('after', RUN_EXAMPLES);
  addSessionOptions(program, 'run');
  program.action(
    action(async () => {
      const options = program.opts<RunCommandOptions>();
      // `llm-do` alone, outside a project: what it is and what it can do, rather than "not a project".
      if (argv.length === 0 && !(await isProjectDirectory(io.cwd))) {
        writeOutput(io, (await import('../overview.ts')).formatOverview(program));
        return EXIT_OK;
      }
      const [target, input] = positionals(program.args, Boolean(options.project));
      const mistyped = options.project
        ? undefined
        : await (await import('../mistyped-command.ts')).mistypedCommand(
            target,
            program.commands.map((command) => command.name()),
            io,
          );
      if (mistyped) throw mistyped;
      const { project, lib, json } = options;
      if (options.check) return (await import('../commands/check.ts')).runCheck({ dir: target, project, lib, json }, io);
      if (options.listWorkers) return (await import('../commands/list.ts')).runList({ dir: target, project, lib, json }, io);
      if (options.chat) return (await import('../commands/chat.ts')).runChatCommand(target, options, io);
      const { runCommand } = await import('../commands/run.ts');
      return runCommand({ target, input, options }, io);
    }),
  );

  const chat = program
    .command('chat')
    .description('chat with a worker: history across turns, /exit or Ctrl-D to end, Ctrl-C cancels a turn')
    .argument('[target]', 'project directory or worker file')
    .addHelpText(
      'after',
      '\nExamples:\n  llm-do chat examples/chat_assistant\n  echo "hello" | llm-do chat examples/greeter --model test\n  llm-do chat --resume last\n  llm-do chat -c\n  llm-do chat --conversation 0193aa\n',
    );
  addSessionOptions(chat, 'session');
  chat.option('--resume <run>', 'go on with the conversation of a recorded chat turn (a run id, a unique prefix of one, or "last")');
  chat.option('-c, --continue', "go on with the project's last conversation");
  chat.option('--conversation <id>', 'go on with a recorded conversation (an id from llm-do runs --conversations, a unique prefix of one, or "last")');
  chat.action(
    action(async (target: string | undefined, options: ChatCommandOptions) => (await import('../commands/chat.ts')).runChatCommand(target, options, io)),
  );
}

/** Whether `dir` is a project's root: it has an entry worker or a manifest. */
async function isProjectDirectory(dir: string): Promise<boolean> {
  const { createNodeFileSystem } = await import('../../sandbox/node-file-system.ts');
  const fs = createNodeFileSystem();
  const names = ['main.worker', 'project.yaml', 'llm-do.yaml'];
  const found = await Promise.all(names.map((name) => fs.stat(`${dir}/${name}`)));
  return found.some((stat) => stat !== undefined);
}

/**
 * TARGET and INPUT. With `--project DIR`, a TARGET can only be a worker file, so a lone positional
 * that is not one (`llm-do --project app --entry greet Ada`) is the INPUT.
 */
function positionals(args: readonly string[], projectGiven: boolean): [string | undefined, string | undefined] {
  const [first, second] = args;
  if (projectGiven && second === undefined && first !== undefined && !/\.(worker|ya?ml)$/.test(first)) return [undefined, first];
  return [first, second];
}
