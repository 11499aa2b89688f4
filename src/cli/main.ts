/**
 * The `llm-do` command line: a thin shell over the library. Commander parses; each command lives in
 * `commands/` and returns an exit code; errors map to exit codes in `exit-codes.ts`.
 */
import { Command, CommanderError, Option } from 'commander';
import { UsageError } from '../errors.ts';
import { EXIT_OK, EXIT_USAGE, reportError, reportJsonError } from './exit-codes.ts';
import { writeOutput, type CliIO } from './io.ts';
import { escapeTerminalText } from './terminal-text.ts';
import { suggestNearest } from '../worker-file/suggest.ts';
import { VERSION } from './version.ts';

const collect = (value: string, previous: string[] = []) => [...previous, value];

const RUN_EXAMPLES = `
Examples:
  llm-do examples/greeter "hi" --model test      run a project's main worker offline
  llm-do ./my-project --entry reports/summarizer --input '{"topic": "tides"}'
  llm-do tasks/greet.worker "Ada"                 run one worker file
  cat notes.txt | llm-do summarize -              read the input from stdin
  llm-do check ./my-project                       validate a project
`;

/** The options shared by a run and a chat session (`what` words the help text). */
function addSessionOptions(command: Command, what: 'run' | 'session'): void {
  command
    .option('--entry <id>', 'entry worker of the project (default: manifest entry, else main)')
    .option('--model <id>', `model for every worker of the ${what}, e.g. anthropic:claude-sonnet-4-5 or test`)
    .addOption(
      new Option(
        '--on-approval <mode>',
        'who decides tool calls that ask: ask (the terminal), approve or deny them all, or pause the run until they are decided (llm-do approve, then llm-do resume)',
      )
        .choices(['ask', 'approve', 'deny', 'pause'])
        .conflicts(['approveAll', 'autoDeny', 'strict']),
    )
    .option('--approve-all', 'alias of --on-approval approve')
    .addOption(new Option('--auto-deny', 'alias of --on-approval deny').conflicts('approveAll'))
    .addOption(new Option('--strict', 'alias of --auto-deny').conflicts('approveAll'));
  addProjectOptions(command)
    .option('--no-project', 'run the worker file on its own, outside any project')
    .option('--set <key=value>', `override a field of the entry worker for this ${what} (repeatable)`, collect)
    .option('--no-stream', 'use non-streaming model requests')
    .option('-q, --quiet', 'print only errors on stderr')
    .option('-v, --verbose', "show full tool arguments and results, usage per worker, and the models' reasoning")
    .option('--show-reasoning', "show the models' reasoning (thinking, reasoning summaries) as it streams")
    .option('--accept-truncated', 'take an answer cut at the output token limit as the answer instead of failing (every worker of the run)')
    .option('--trace <file>', 'write every event as one JSON object per line')
    .option('--otel <url>', 'export the run as OpenTelemetry spans to an OTLP/HTTP collector, e.g. http://localhost:4318')
    .option('--no-log', `do not record this ${what} in the run log ($LLM_DO_HOME/runs.db)`);
}

/**
 * The options of commands that run workers with nobody to ask (`mcp serve`, `batch`): who decides
 * tool calls that ask (`modes`, described by `decides`) and what a run's project and sandbox get.
 */
function addUnattendedRunOptions(command: Command, modes: readonly string[], decides: string): Command {
  command
    .addOption(new Option('--on-approval <mode>', decides).choices(modes).conflicts(['approveAll', 'autoDeny']))
    .option('--approve-all', 'alias of --on-approval approve')
    .addOption(new Option('--auto-deny', 'alias of --on-approval deny').conflicts('approveAll'));
  return addProjectOptions(command).option('--no-stream', 'use non-streaming model requests');
}

/** Where a run's project, libraries and tool modules come from, and what its sandbox and delegation get. */
function addProjectOptions(command: Command): Command {
  return command
    .option('--max-depth <n>', 'maximum delegation depth (default 5)')
    .option('--project <dir>', 'project root (instead of detecting it from the target)')
    .option('--lib <path>', 'library directory to search (repeatable)', collect)
    .option('--mount <spec>', 'grant a sandbox mount NAME=DIR[:ro|rw] (repeatable)', collect)
    .option('--no-import-tools', 'do not load custom tool modules')
    .option('--allow-module-imports', 'allow tool modules outside the project and bare module names');
}

/** Whether `dir` is a project's root: it has an entry worker or a manifest. */
async function isProjectDirectory(dir: string): Promise<boolean> {
  const { createNodeFileSystem } = await import('../sandbox/node-file-system.ts');
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

/**
 * Makes every command answer a parse error (unknown flag, missing argument) with its own usage line,
 * and tells `onParseError` which command it was.
 */
function showUsageOnError(command: Command, onParseError: (command: Command) => void, parentName = ''): void {
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
function withSubcommandSuggestion(text: string, program: Command): string {
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
function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}

/** Runs the CLI with `argv` (without the node and script entries) and returns the exit code. */
export async function main(argv: string[], io: CliIO): Promise<number> {
  let exitCode = EXIT_OK;
  // Commander calls an action with the command's arguments, then its options.
  const run =
    <Args extends unknown[]>(task: (...args: Args) => Promise<number>) =>
    async (...args: Args) => {
      exitCode = await task(...args);
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
    .enablePositionalOptions()
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
    run(async () => {
      const options = program.opts();
      // `llm-do` alone, outside a project: what it is and what it can do, rather than "not a project".
      if (argv.length === 0 && !(await isProjectDirectory(io.cwd))) {
        writeOutput(io, (await import('./overview.ts')).formatOverview(program));
        return EXIT_OK;
      }
      const [target, input] = positionals(program.args, Boolean(options.project));
      const mistyped = options.project
        ? undefined
        : await (await import('./mistyped-command.ts')).mistypedCommand(
            target,
            program.commands.map((command) => command.name()),
            io,
          );
      if (mistyped) throw mistyped;
      if (options.check) {
        return (await import('./commands/check.ts')).runCheck({ dir: target, project: options.project, lib: options.lib, json: options.json }, io);
      }
      if (options.listWorkers) {
        return (await import('./commands/list.ts')).runList({ dir: target, project: options.project, lib: options.lib, json: options.json }, io);
      }
      if (options.chat) return (await import('./commands/chat.ts')).runChatCommand(target, options, io);
      const { runCommand } = await import('./commands/run.ts');
      return runCommand({ target, input, options }, io);
    }),
  );

  const chat = program
    .command('chat')
    .description('chat with a worker: history across turns, /exit or Ctrl-D to end, Ctrl-C cancels a turn')
    .argument('[target]', 'project directory or worker file')
    .addHelpText(
      'after',
      '\nExamples:\n  llm-do chat examples/chat_assistant\n  echo "hello" | llm-do chat examples/greeter --model test\n  llm-do chat --resume last\n',
    );
  addSessionOptions(chat, 'session');
  chat.option('--resume <run>', 'go on with the conversation of a recorded chat turn (a run id, a unique prefix of one, or "last")');
  chat.action(
    run(async (target: string | undefined, options: Record<string, unknown>) => {
      const { runChatCommand } = await import('./commands/chat.ts');
      return runChatCommand(target, options, io);
    }),
  );

  program
    .command('check')
    .description('validate a project without running its code: workers, references, schemas, templates, tool modules, libraries (exit 0 or 2)')
    .argument('[dir]', 'project directory', '.')
    .option('--project <dir>', 'project root')
    .option('--lib <path>', 'library directory to search (repeatable)', collect)
    .option('--import-tools', 'also import tool and schema modules to verify them (runs project code)')
    .option('--connect', 'also start the MCP servers the workers use and check their tools: selections against what they offer')
    .option('--json', 'print the problems as JSON')
    .addHelpText('after', '\nExample:\n  llm-do check examples/calculator\n')
    .action(
      run(async (dir: string, options: { project?: string; lib?: string[]; json?: boolean; importTools?: boolean; connect?: boolean }) => {
        const { runCheck } = await import('./commands/check.ts');
        return runCheck({ dir, ...options }, io);
      }),
    );

  program
    .command('list')
    .description('list the workers of a project: id, file, description, model')
    .argument('[dir]', 'project directory', '.')
    .option('--project <dir>', 'project root')
    .option('--lib <path>', 'library directory to search (repeatable)', collect)
    .option('--json', 'print a JSON array')
    .addHelpText('after', '\nExample:\n  llm-do list examples/research_pipeline --json\n')
    .action(
      run(async (dir: string, options: { project?: string; lib?: string[]; json?: boolean }) => {
        const { runList } = await import('./commands/list.ts');
        return runList({ dir, ...options }, io);
      }),
    );

  program
    .command('init')
    .description('create a new project from a template (minimal, pipeline, research-agent)')
    .argument('[name]', 'directory to create; its last part becomes the project name')
    .option('--template <name>', 'project template (default: minimal)')
    .option('--list-templates', 'list the templates with a one-line description')
    .addHelpText('after', '\nExamples:\n  llm-do init my-project\n  llm-do init my-project --template research-agent\n  llm-do init --list-templates\n')
    .action(
      run(async (name: string | undefined, options: { template?: string; listTemplates?: boolean }) => {
        const { runInit } = await import('./commands/init.ts');
        return runInit({ name, ...options }, io);
      }),
    );

  const mcp = program
    .command('mcp')
    .description('MCP: list the servers a project configures and what they offer; serve its workers to MCP clients')
    .addHelpText('after', '\nExamples:\n  llm-do mcp list ./my-project --json\n  llm-do mcp serve ./my-project --http 8808\n');
  mcp
    .command('list')
    .description('start the MCP servers of a project, list their tools as the model sees them and the rule of each per worker, then stop them')
    .argument('[dir]', 'project directory', '.')
    .option('--project <dir>', 'project root')
    .option('--json', 'print one JSON object {servers, diagnostics}')
    .addHelpText('after', '\nExample:\n  llm-do mcp list ./my-project --json\n')
    .action(run(async (dir: string, options: { project?: string; json?: boolean }) => (await import('./commands/mcp.ts')).runMcpList({ dir, ...options }, io)));

  const runs = program
    .command('runs')
    .description('list the recorded runs, newest first (the run log, $LLM_DO_HOME/runs.db)')
    .option('--limit <n>', `how many runs to list (default 20)`)
    .option('--status <status>', 'only runs with this status: running, ok, error, interrupted, paused')
    .option('--worker <id>', 'only runs in which this worker was called')
    .option('--json', 'print one JSON object {runs}')
    .addHelpText('after', '\nExamples:\n  llm-do runs --limit 5\n  llm-do runs show last\n  llm-do runs search "invoice"\n  llm-do runs rm --older-than 30d\n')
    .action(run(async (options: Record<string, string | boolean | undefined>) => (await import('./commands/runs.ts')).runRunsList(options, io)));
  runs
    .command('show')
    .description('show one run: its header and call tree with models, durations, tokens, cost, tool calls and approvals')
    .argument('<run>', 'a run id, a unique prefix of one, or "last"')
    .option('--prompts', 'also print what each model was sent: system prompt, messages, tool schemas, settings')
    .option('--json', 'print one JSON object {run}')
    .addHelpText('after', '\nExamples:\n  llm-do runs show last\n  llm-do runs show 01a2f3 --prompts\n')
    .action(run(async (ref: string, options: Record<string, boolean | undefined>) => (await import('./commands/runs.ts')).runRunsShow(ref, options, io)));
  runs
    .command('search')
    .description('find runs whose inputs, outputs, prompts, responses, tool arguments or results contain TEXT')
    .argument('<text>', 'the text to look for (as a phrase)')
    .option('--limit <n>', 'how many runs to list (default 20)')
    .option('--json', 'print one JSON object {runs}')
    .addHelpText('after', '\nExample:\n  llm-do runs search "invoice 2024"\n')
    .action(
      run(async (text: string, options: Record<string, string | boolean | undefined>) => (await import('./commands/runs.ts')).runRunsSearch(text, options, io)),
    );
  runs
    .command('rm')
    .description('delete recorded runs: the ones named, or every finished run older than an age')
    .argument('[runs...]', 'run ids, unique prefixes of them, or "last"')
    .option('--older-than <age>', 'delete the finished runs started longer ago than AGE: 90m, 12h, 30d, 2w')
    .option('--json', 'print one JSON object {deleted}')
    .addHelpText('after', '\nExamples:\n  llm-do runs rm last\n  llm-do runs rm --older-than 30d\n')
    .action(
      run(async (refs: string[], options: Record<string, string | boolean | undefined>) => (await import('./commands/runs.ts')).runRunsRm(refs, options, io)),
    );

  const approvals = program
    .command('approvals')
    .description('pending approvals and questions of paused runs (every paused run, or RUN); "approvals rules": persistent grants of a project')
    .argument('[run]', 'a run id, a unique prefix of one, or "last"')
    .option('--full', 'show every argument whole instead of cutting long values')
    .option('--json', 'print one JSON object {runs: [{run_id, status, pending}]}')
    .addHelpText('after', '\nExamples:\n  llm-do approvals\n  llm-do approvals 01a2f3 --full\n  llm-do approvals rules\n  llm-do approvals rules --revoke 2\n')
    .action(
      run(async (ref: string | undefined, options: Record<string, boolean | undefined>) =>
        (await import('./commands/approvals.ts')).runApprovalsList(ref, options, io),
      ),
    );
  approvals
    .command('rules')
    .description('list the persistent grants of a project, numbered; --revoke N removes grant N')
    .argument('[dir]', 'project directory (default: detected from the current directory)')
    .option('--project <dir>', 'project root')
    .option('--revoke <n>', 'remove grant number N (as listed)')
    .option('--json', 'print one JSON object {file, grants} ({file, revoked} with --revoke)')
    .addHelpText('after', '\nExamples:\n  llm-do approvals rules ./my-project\n  llm-do approvals rules --revoke 1\n')
    .action(
      run(async (dir: string | undefined, options: Record<string, string | boolean | undefined>) =>
        (await import('./commands/approvals.ts')).runApprovalRules(dir, options, io),
      ),
    );

  program
    .command('approve')
    .description('approve pending tool calls of a paused run (for llm-do resume RUN)')
    .argument('<run>', 'a run id, a unique prefix of one, or "last"')
    .argument('[ids...]', 'approval ids or unique prefixes of them (llm-do approvals RUN lists them)')
    .option('--all', 'approve every pending approval not decided yet')
    .option('--session', 'also approve these tools for the rest of the run (the prompt\'s "t")')
    .addHelpText('after', '\nExamples:\n  llm-do approve 01a2f3 3f2a9c1e\n  llm-do approve last --all --session\n')
    .action(
      run(async (ref: string, ids: string[], options: Record<string, boolean | undefined>) =>
        (await import('./commands/approve.ts')).runApprove(ref, ids, options, io),
      ),
    );
  program
    .command('deny')
    .description('deny a pending tool call of a paused run; the model gets the denial (and the reason) when it resumes')
    .argument('<run>', 'a run id, a unique prefix of one, or "last"')
    .argument('[id]', 'the approval id or a unique prefix of it')
    .option('--reason <text>', 'why, told to the model')
    .addHelpText('after', '\nExample:\n  llm-do deny 01a2f3 8d11aa02 --reason "write to out/ instead"\n')
    .action(
      run(async (ref: string, id: string | undefined, options: { reason?: string }) => (await import('./commands/approve.ts')).runDeny(ref, id, options, io)),
    );
  program
    .command('answer')
    .description('answer a question an interactive worker of a paused run asked; the worker gets the answer when the run resumes')
    .argument('<run>', 'a run id, a unique prefix of one, or "last"')
    .argument('<id>', 'the question id or a unique prefix of it (llm-do approvals RUN lists them)')
    .argument('<text...>', 'the answer (several words are joined with spaces)')
    .addHelpText('after', '\nExample:\n  llm-do answer 01a2f3 5c0e9d21 "Lisbon, in May"\n')
    .action(run(async (ref: string, id: string, words: string[]) => (await import('./commands/answer.ts')).runAnswer(ref, id, words, io)));
  program
    .command('resume')
    .description(
      'go on with a paused run (or one a crash cut short) from its last saved step, with the decisions recorded by approve and deny and the answers recorded by answer',
    )
    .argument('[run]', 'run id, a unique prefix of one, or "last"')
    .option('--state <file>', 'resume from a state file written by --state instead of the run log (and keep it up to date)')
    .addOption(
      new Option('--on-approval <mode>', 'who decides the tool calls still undecided: ask (the terminal), approve, deny, or pause again')
        .choices(['ask', 'approve', 'deny', 'pause'])
        .conflicts(['approveAll', 'autoDeny']),
    )
    .option('--approve-all', 'alias of --on-approval approve')
    .addOption(new Option('--auto-deny', 'alias of --on-approval deny').conflicts('approveAll'))
    .option('--allow-changed', 'resume even if a worker changed since the run stopped')
    .option('--no-stream', 'use non-streaming model requests')
    .option('--json', 'print the result as one JSON object (as a run does)')
    .option('-q, --quiet', 'print only errors on stderr')
    .option('-v, --verbose', "show full tool arguments and results, usage per worker, and the models' reasoning")
    .option('--show-reasoning', "show the models' reasoning (thinking, reasoning summaries) as it streams")
    .option('--accept-truncated', 'take an answer cut at the output token limit as the answer instead of failing (every worker of the run)')
    .option('--trace <file>', 'write every event of the resumed run as one JSON object per line')
    .option('--otel <url>', 'export the resumed run as OpenTelemetry spans to an OTLP/HTTP collector')
    .addHelpText('after', '\nExamples:\n  llm-do approve 01a2f3 --all && llm-do resume 01a2f3\n  llm-do resume last --on-approval ask\n')
    .action(run(async (ref: string | undefined, options: Record<string, unknown>) => (await import('./commands/resume.ts')).runResume(ref, options, io)));

  const ui = program
    .command('ui')
    .description('a local web page over the run log: runs, live call trees, prompts, tool calls and cost; decide pending approvals, resume and start runs')
    .argument('[dir]', 'project to start runs in (default: detected from the current directory; without one, runs can only be watched and resumed)')
    .option('--port <port>', 'port on 127.0.0.1 to serve the page on (default 0: any free port)')
    .option('--model <id>', 'model for every run started in the page, e.g. anthropic:claude-sonnet-4-5 or test');
  addProjectOptions(ui)
    .addHelpText('after', '\nExamples:\n  llm-do ui\n  llm-do ui ./my-project --port 8765\n')
    .action(run(async (dir: string | undefined, options: Record<string, unknown>) => (await import('./commands/ui.ts')).runUi(dir, options, io)));

  program
    .command('promote')
    .description('write a worker that worker_create made in a run into the project as a worker file, after showing it')
    .argument('<run>', 'a run id, a unique prefix of one, or "last"')
    .argument('<name>', 'the name the worker was created with')
    .option('--to <path>', 'the .worker file to write, in the workers directory (default: workers/NAME.worker)')
    .option('-y, --yes', 'write without asking (without a terminal, nothing is written unless given)')
    .addHelpText('after', '\nExamples:\n  llm-do promote last summarizer\n  llm-do promote 01a2f3 summarizer --to workers/notes/summarize.worker --yes\n')
    .action(
      run(async (ref: string, name: string, options: { to?: string; yes?: boolean }) =>
        (await import('./commands/promote.ts')).runPromote(ref, name, options, io),
      ),
    );

  program
    .command('models')
    .description(
      'list providers (built-in, project, user config), aliases and what they resolve to, whether each provider has a key, the default model and prices',
    )
    .argument('[dir]', 'project directory (default: the current directory, if it is a project)')
    .option('--project <dir>', 'project root')
    .option('--json', 'print one JSON object {providers, aliases, default_model, prices}')
    .addHelpText('after', '\nExamples:\n  llm-do models\n  llm-do models ./my-project --json\n')
    .action(
      run(async (dir: string | undefined, options: { project?: string; json?: boolean }) =>
        (await import('./commands/models.ts')).runModels({ dir, project: options.project, json: options.json }, io),
      ),
    );

  const keys = program
    .command('keys')
    .description("API keys stored in $LLM_DO_HOME/keys.json (owner-only); a provider's environment variable wins over its stored key")
    .addHelpText(
      'after',
      '\nExamples:\n  llm-do keys set anthropic\n  llm-do keys set openai < openai-key.txt\n  llm-do keys list\n  llm-do keys remove openai\n',
    );
  keys
    .command('set')
    .description('store the key of PROVIDER, read from a hidden prompt (or from stdin when piped)')
    .argument('<provider>', 'provider name: anthropic, openai, google, openai-compatible, or one of the providers: of project.yaml or config.yaml')
    .addHelpText('after', '\nExamples:\n  llm-do keys set anthropic\n  printf %s "$KEY" | llm-do keys set openai\n')
    .action(run(async (provider: string) => (await import('./commands/keys.ts')).runKeysSet(provider, io)));
  keys
    .command('list')
    .description('which providers have a key and where it comes from (environment or stored), never the key')
    .option('--json', 'print one JSON object {file, keys: [{provider, env, source}]}')
    .addHelpText('after', '\nExample:\n  llm-do keys list --json\n')
    .action(run(async (options: { json?: boolean }) => (await import('./commands/keys.ts')).runKeysList(options, io)));
  keys
    .command('remove')
    .description('delete the stored key of PROVIDER')
    .argument('<provider>', 'provider name')
    .addHelpText('after', '\nExample:\n  llm-do keys remove openai\n')
    .action(run(async (provider: string) => (await import('./commands/keys.ts')).runKeysRemove(provider, io)));

  const lib = program
    .command('lib')
    .description('manage installed libraries ($LLM_DO_HOME/libs, default ~/.llm-do/libs)')
    .addHelpText('after', '\nExamples:\n  llm-do lib install ./my-lib\n  llm-do lib list --json\n  llm-do lib info utils\n  llm-do lib remove utils@1.0.0\n');
  lib
    .command('install')
    .description('validate a library directory (with lib.yaml) and install it as NAME@VERSION')
    .argument('<path>', 'library directory')
    .addHelpText('after', '\nExample:\n  llm-do lib install ./my-lib      copies it to $LLM_DO_HOME/libs/NAME@VERSION\n')
    .action(run(async (path: string) => (await import('./commands/lib.ts')).runLibInstall(path, io)));
  lib
    .command('list')
    .description('list installed libraries')
    .option('--json', 'print a JSON array')
    .addHelpText('after', '\nExamples:\n  llm-do lib list\n  llm-do lib list --json\n')
    .action(run(async (options: { json?: boolean }) => (await import('./commands/lib.ts')).runLibList(options, io)));
  lib
    .command('remove')
    .description('remove an installed library (every version, or just NAME@VERSION)')
    .argument('<spec>', 'NAME or NAME@VERSION')
    .addHelpText('after', '\nExamples:\n  llm-do lib remove utils           every installed version\n  llm-do lib remove utils@1.0.0     just that version\n')
    .action(run(async (spec: string) => (await import('./commands/lib.ts')).runLibRemove(spec, io)));
  lib
    .command('info')
    .description('show an installed library: versions, description, exports, dependencies')
    .argument('<name>', 'library name')
    .addHelpText('after', '\nExample:\n  llm-do lib info utils\n')
    .action(run(async (name: string) => (await import('./commands/lib.ts')).runLibInfo(name, io)));

  const serve = mcp
    .command('serve')
    .description(
      'serve the entry worker and the exported workers of a project as MCP tools, over stdio (default) or HTTP on 127.0.0.1; each call is a recorded run',
    )
    .argument('[dir]', 'project directory (default: detected from the current directory)')
    .option('--http <port>', 'serve Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio (0: any free port)')
    .option('--model <id>', 'model for every worker of every call, e.g. anthropic:claude-sonnet-4-5');
  addUnattendedRunOptions(
    serve,
    ['approve', 'deny'],
    'how tool calls that ask are decided: approve or deny them all (default: denied, since nobody can be asked)',
  )
    .option('--no-log', "do not record the calls' runs in the run log ($LLM_DO_HOME/runs.db)")
    .addHelpText(
      'after',
      '\nExamples:\n  llm-do mcp serve ./my-project --model anthropic:claude-sonnet-4-5\n  llm-do mcp serve ./my-project --http 8808 --approve-all\n',
    )
    .action(run(async (dir: string | undefined, options: Record<string, unknown>) => (await import('./commands/mcp-serve.ts')).runMcpServe(dir, options, io)));

  const batch = program
    .command('batch')
    .description('run a worker once per input of a JSONL file or a directory, appending each result to RESULTS.jsonl; rerun the same command to resume')
    .argument('[target]', 'project directory or worker file')
    .requiredOption('--inputs <path>', 'FILE.jsonl (one input a line: a JSON string or object) or a directory (one input a file)')
    .requiredOption('--out <file>', 'results file, one JSON line per input; a rerun skips the inputs it holds')
    .option('--concurrency <n>', 'most inputs running at once, halved on 429 and grown back (default 4)')
    .option('--rpm <n>', 'at most N model requests per minute, spaced evenly')
    .option('--tpm <n>', 'at most N tokens (input + output) per minute')
    .option('--retry-failed', 'run again the inputs whose result is an error')
    .addOption(
      new Option(
        '--engine <engine>',
        'where inputs run: in this process, or as durable Restate invocations run by llm-do restate serve (docs/scale-out.md)',
      ).choices(['in-process', 'restate']),
    )
    .option('--restate-ingress <url>', 'the Restate ingress, with --engine restate (default http://127.0.0.1:8080)')
    .option('--entry <id>', 'entry worker of the project (default: manifest entry, else main)')
    .option('--model <id>', 'model for every worker of every input, e.g. anthropic:claude-sonnet-4-5 or test');
  addUnattendedRunOptions(
    batch,
    ['pause', 'approve', 'deny'],
    'how tool calls that ask are decided: pause the input until decided (default; llm-do approvals), or approve or deny them all',
  )
    .option('--set <key=value>', 'override a field of the entry worker for every input (repeatable)', collect)
    .option('--no-log', "do not record the inputs' runs in the run log (then tool calls that ask cannot pause)")
    .option('--json', 'print one JSON object {status, out, total, ok, failed, paused, invalid, …} at the end')
    .option('-q, --quiet', 'print only errors on stderr')
    .addHelpText(
      'after',
      '\nExamples:\n  llm-do batch ./summarizer --inputs docs.jsonl --out results.jsonl --model test\n  llm-do batch ./summarizer --inputs ./inbox --out results.jsonl --concurrency 16 --rpm 500\n',
    )
    .action(
      run(async (target: string | undefined, options: Record<string, unknown>) => (await import('./commands/batch.ts')).runBatchCommand(target, options, io)),
    );

  program
    .command('test')
    .description('run the *.test.yaml cases of a project, each in a fresh copy of it, offline with scripted models (docs/testing.md)')
    .argument('[dir]', 'project directory, a directory inside one, or one .test.yaml file (default: the current directory)')
    .option('--filter <text>', 'only the cases whose "FILE: NAME" contains TEXT')
    .option('--json', 'print one JSON object {passed, failed, cases: [{file, name, passed, failures, duration_ms}]}')
    .option('--junit <file>', 'also write a JUnit XML report to FILE')
    .option('--live', 'let cases use real providers (API keys from the environment or llm-do keys)')
    .option('--update', 'record the cassettes of cases that replay one again, from the real models (needs --live)')
    .option('--lib <path>', 'library directory to search (repeatable)', collect)
    .addHelpText('after', '\nExamples:\n  llm-do test examples/greeter\n  llm-do test . --filter "refuses" --junit report.xml\n')
    .action(run(async (dir: string | undefined, options: Record<string, unknown>) => (await import('./commands/test.ts')).runTestCommand(dir, options, io)));

  const restate = program
    .command('restate')
    .description('durable batches on Restate: serve the workers of a project for llm-do batch --engine restate (docs/scale-out.md)');
  const restateServe = restate
    .command('serve')
    .description(
      'host the batch service for Restate: each input of llm-do batch --engine restate runs here as a durable invocation, its model requests and tool calls journaled',
    )
    .argument('[target]', 'project directory (default: detected from the current directory)')
    .option('--port <port>', 'port to listen on (default 9080; 0: any free port)')
    .option('--host <address>', 'address to listen on (default 127.0.0.1; the Restate server must reach it)')
    .option('--register <url>', 'register this endpoint with the Restate admin API at URL, e.g. http://127.0.0.1:9070')
    .option('--identity-key <key>', 'accept only requests signed by the Restate server with this public key (publickeyv1_…; repeatable)', collect)
    .option('--advertise <url>', 'the URL Restate reaches this endpoint at, when it is not http://HOST:PORT (a load balancer, another host name)')
    .option('--model <id>', 'model for every worker of every input, e.g. anthropic:claude-sonnet-4-5')
    .option('--rpm <n>', 'at most N model requests per minute from this process')
    .option('--tpm <n>', 'at most N tokens (input + output) per minute in this process');
  addUnattendedRunOptions(
    restateServe,
    ['approve', 'deny'],
    'how tool calls that ask are decided: approve or deny them all (default: denied, since nobody can be asked)',
  )
    .option('--set <key=value>', 'override a field of the entry worker for every input (repeatable)', collect)
    .option('--no-log', "do not record the inputs' runs in this node's run log ($LLM_DO_HOME/runs.db)")
    .addHelpText('after', '\nExamples:\n  llm-do restate serve ./summarizer --port 9080 --register http://127.0.0.1:9070 --model anthropic:claude-haiku-4-5\n')
    .action(
      run(async (target: string | undefined, options: Record<string, unknown>) => (await import('./commands/restate.ts')).runRestateServe(target, options, io)),
    );

  program
    .command('doctor')
    .description(
      'why it does not work on this machine: Node, config, keys (present or not, never values), run log, caches, bubblewrap, browser, usable providers',
    )
    .option('--json', 'print one JSON object {ok, checks: [{name, ok, detail, hint?, optional?}]}')
    .addHelpText('after', '\nExamples:\n  llm-do doctor\n  llm-do doctor --json\n')
    .action(run(async (options: { json?: boolean }) => (await import('./commands/doctor.ts')).runDoctor(options, io)));

  program
    .command('completion')
    .description('print the shell completion script for bash, zsh or fish: commands, options, worker ids and models')
    .argument('[shell]', 'bash, zsh or fish')
    .addHelpText(
      'after',
      '\nExamples:\n  source <(llm-do completion bash)          # in ~/.bashrc\n  llm-do completion fish > ~/.config/fish/completions/llm-do.fish\n',
    )
    .action(run(async (shell: string | undefined) => (await import('./commands/completion.ts')).runCompletionScript(shell, io)));
  program
    .command('__complete', { hidden: true })
    .argument('[words...]')
    .helpOption(false)
    .allowUnknownOption()
    .passThroughOptions()
    .action(run(async (words: string[] = []) => (await import('./commands/completion.ts')).runComplete(program, words, io)));

  program
    .command('help')
    .description('this overview, or the options and examples of COMMAND')
    .argument('[command...]', 'a command, e.g. batch or runs show')
    .action(
      run(async (names: string[]) => {
        if (names.length === 0) {
          writeOutput(io, (await import('./overview.ts')).formatOverview(program));
          return EXIT_OK;
        }
        let command: Command = program;
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
        command.outputHelp();
        return EXIT_OK;
      }),
    );

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
