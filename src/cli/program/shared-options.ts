/**
 * Flags several commands declare alike; `src/cli/shared-flags.ts` types what commander makes of them.
 */
import { type Command, Option } from 'commander';

/** Collects the values of a repeatable flag. */
export const collect = (value: string, previous: string[] = []) => [...previous, value];

/** The options shared by a run and a chat session (`what` words the help text). */
export function addSessionOptions(command: Command, what: 'run' | 'session'): void {
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
 * The options of commands that run workers with nobody to ask (`mcp serve`, `batch`, `restate serve`):
 * who decides tool calls that ask (`modes`, described by `decides`) and what a run's project and
 * sandbox get.
 */
export function addUnattendedRunOptions(command: Command, modes: readonly string[], decides: string): Command {
  command
    .addOption(new Option('--on-approval <mode>', decides).choices(modes).conflicts(['approveAll', 'autoDeny']))
    .option('--approve-all', 'alias of --on-approval approve')
    .addOption(new Option('--auto-deny', 'alias of --on-approval deny').conflicts('approveAll'));
  return addProjectOptions(command).option('--no-stream', 'use non-streaming model requests');
}

/** Where a run's project, libraries and tool modules come from, and what its sandbox and delegation get. */
export function addProjectOptions(command: Command): Command {
  return command
    .option('--max-depth <n>', 'maximum delegation depth (default 5)')
    .option('--project <dir>', 'project root (instead of detecting it from the target)')
    .option('--lib <path>', 'library directory to search (repeatable)', collect)
    .option('--mount <spec>', 'grant a sandbox mount NAME=DIR[:ro|rw] (repeatable)', collect)
    .option('--no-import-tools', 'do not load custom tool modules')
    .option('--allow-module-imports', 'allow tool modules outside the project, bare module names, and imports llm-do cannot follow');
}
