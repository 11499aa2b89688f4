/**
 * `batch`: a worker once per input; `eval`: a project's test cases once per model; `restate serve`: the processes that
 * run a batch's inputs durably on Restate.
 */
import { type Command, Option } from 'commander';
import type { BatchCommandOptions } from '../commands/batch.ts';
import type { EvalCommandOptions } from '../commands/eval.ts';
import type { RestateServeOptions } from '../commands/restate.ts';
import type { CommandContext } from './command-context.ts';
import { addUnattendedRunOptions, collect } from './shared-options.ts';

/** `batch`. */
export function registerBatchCommand(program: Command, { io, action }: CommandContext): void {
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
    .option('--fail-on-deny', 'an input whose run had a tool call denied fails (its result an error), so the batch exits 1')
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
    .option('--json', 'print one JSON object {status, out, total, ok, failed, paused, invalid, denied_calls, …} at the end')
    .option('-q, --quiet', 'print only errors on stderr')
    .addHelpText(
      'after',
      '\nExamples:\n  llm-do batch ./summarizer --inputs docs.jsonl --out results.jsonl --model test\n  llm-do batch ./summarizer --inputs ./inbox --out results.jsonl --concurrency 16 --rpm 500\n',
    )
    .action(
      action(async (target: string | undefined, options: BatchCommandOptions) => (await import('../commands/batch.ts')).runBatchCommand(target, options, io)),
    );
}

/** `eval`. */
export function registerEvalCommand(program: Command, { io, action }: CommandContext): void {
  program
    .command('eval')
    .description("run the project's *.test.yaml cases once per model, scored by their expectations and judge workers, and compare the models (docs/evals.md)")
    .argument('[target]', 'project directory (default: detected from the current directory)')
    .option(
      '--models <list>',
      'models to compare, comma-separated ids or aliases, each optionally labelled: cheap=openai:gpt-5-mini,anthropic:claude-sonnet-4-5',
    )
    .option('--cases <glob>', 'only the test files whose project-relative path matches, e.g. "evals/*.test.yaml"')
    .option('--repeat <n>', 'samples of each case per model (default 1): pass rate and its spread')
    .option('--concurrency <n>', 'most samples running at once, halved on 429 and grown back (default 4)')
    .option('--rpm <n>', 'at most N model requests per minute, spaced evenly')
    .option('--tpm <n>', 'at most N tokens (input + output) per minute')
    .addOption(
      new Option('--on-approval <mode>', 'what a tool call that asks gets when no approval rule of its case matches (default deny)').choices([
        'approve',
        'deny',
      ]),
    )
    .option('--max-cost <usd>', 'start no sample that could take the spending over USD (the estimate is shown first)')
    .addOption(new Option('--record <dir>', "keep each sample's model requests in a cassette in DIR (docs/testing.md, Cassettes)").conflicts('replay'))
    .option('--replay <dir>', 'answer each sample from its cassette in DIR (made by --record): offline, no key')
    .option('--resume <id>', 'go on with the eval ID after a kill: finished samples are not run again')
    .option('--compare <id>', 'mark the regressions and improvements against the earlier eval ID')
    .option('--html <file>', 'also write a self-contained HTML report to FILE')
    .option('--json', 'print {id, status, models: [...], cases: [...]} instead of the table')
    .option('--no-log', "do not record the samples' runs in the run log")
    .option('--project <dir>', 'project root (instead of detecting it from the target)')
    .option('--lib <path>', 'library directory to search (repeatable)', collect)
    .addHelpText(
      'after',
      '\nExamples:\n  llm-do eval . --models cheap=openai:gpt-5-mini,best=anthropic:claude-sonnet-4-5 --repeat 3 --max-cost 2\n  llm-do eval --resume eval-20261128-061502-3f9a\n  llm-do eval . --models cheap --compare eval-20261128-061502-3f9a --html report.html\n',
    )
    .action(
      action(async (target: string | undefined, options: EvalCommandOptions) => (await import('../commands/eval.ts')).runEvalCommand(target, options, io)),
    );
}

/** `restate serve`. */
export function registerRestateCommands(program: Command, { io, action }: CommandContext): void {
  const restate = program
    .command('restate')
    .description('durable batches on Restate: serve the workers of a project for llm-do batch --engine restate (docs/scale-out.md)');
  const serve = restate
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
    serve,
    ['approve', 'deny'],
    'how tool calls that ask are decided: approve or deny them all (default: denied, since nobody can be asked)',
  )
    .option('--set <key=value>', 'override a field of the entry worker for every input (repeatable)', collect)
    .option('--no-log', "do not record the inputs' runs in this node's run log ($LLM_DO_HOME/runs.db)")
    .addHelpText('after', '\nExamples:\n  llm-do restate serve ./summarizer --port 9080 --register http://127.0.0.1:9070 --model anthropic:claude-haiku-4-5\n')
    .action(
      action(async (target: string | undefined, options: RestateServeOptions) => (await import('../commands/restate.ts')).runRestateServe(target, options, io)),
    );
}
