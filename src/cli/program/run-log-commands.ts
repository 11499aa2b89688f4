/**
 * Commands over the run log: `runs` (list, show, search, rm), and a paused run's way back:
 * `approvals`, `approve`, `deny`, `answer`, `resume`.
 */
import { type Command, Option } from 'commander';
import type { ApprovalRulesOptions, ApprovalsListOptions } from '../commands/approvals.ts';
import type { ApproveOptions, DenyOptions } from '../commands/approve.ts';
import type { ResumeOptions } from '../commands/resume.ts';
import type { RunsListOptions, RunsRmOptions, RunsSearchOptions, RunsShowOptions } from '../commands/runs.ts';
import type { CommandContext } from './command-context.ts';

export function registerRunLogCommands(program: Command, context: CommandContext): void {
  registerRunsCommands(program, context);
  registerDecisionCommands(program, context);
}

/** `runs`, `runs show`, `runs search`, `runs rm`. */
function registerRunsCommands(program: Command, { io, action }: CommandContext): void {
  const runs = program
    .command('runs')
    .description('list the recorded runs, newest first (the run log, $LLM_DO_HOME/runs.db)')
    .option('--limit <n>', `how many runs to list (default 20)`)
    .option('--status <status>', 'only runs with this status: running, ok, error, interrupted, paused')
    .option('--worker <id>', 'only runs in which this worker was called')
    .option('--kind <kind>', 'only runs that began this way: run, chat, batch, resume, eval')
    .option('--conversations', 'list the chat conversations (turns grouped) instead of runs')
    .option('--conversation <id>', 'only the turns of this conversation (an id, a unique prefix of one, or "last")')
    .option('--json', 'print one JSON object {runs} ({conversations} with --conversations)')
    .addHelpText(
      'after',
      '\nExamples:\n  llm-do runs --limit 5\n  llm-do runs --conversations\n  llm-do runs show last\n  llm-do runs search "invoice"\n  llm-do runs rm --older-than 30d\n',
    )
    .action(action(async (options: RunsListOptions) => (await import('../commands/runs.ts')).runRunsList(options, io)));
  runs
    .command('show')
    .description('show one run: its header and call tree with models, durations, tokens, cost, tool calls and approvals')
    .argument('<run>', 'a run id, a unique prefix of one, or "last"')
    .option('--prompts', 'also print what each request sent that the one before it did not: new messages, tool schemas once, settings')
    // --prompt prints one request, and --json the whole run: the flags that choose what the call tree shows do not apply to them.
    .addOption(
      new Option('--prompt <n>', 'print request N (as --prompts numbers them) whole: every message, the tool schemas, the settings').conflicts([
        'prompts',
        'full',
        'steps',
        'all',
        'json',
      ]),
    )
    .addOption(new Option('--full', 'show tool arguments and results whole instead of cut').conflicts('json'))
    .addOption(new Option('--steps <range>', 'show these steps of each call, e.g. 5 or 1-20 (default: the last 20)').conflicts(['all', 'json']))
    .addOption(new Option('--all', 'show every step of each call').conflicts('json'))
    .option('--json', 'print one JSON object {run}: every call and step (with --prompts, what each request sent)')
    .addHelpText(
      'after',
      '\nExamples:\n  llm-do runs show last\n  llm-do runs show 01a2f3 --prompts\n  llm-do runs show last --prompt 3\n  llm-do runs show last --steps 1-50 --full\n',
    )
    .action(action(async (ref: string, options: RunsShowOptions) => (await import('../commands/runs.ts')).runRunsShow(ref, options, io)));
  runs
    .command('search')
    .description('find runs whose inputs, outputs, prompts, responses, tool arguments or results contain TEXT')
    .argument('<text>', 'the text to look for (as a phrase)')
    .option('--limit <n>', 'how many runs to list (default 20)')
    .option('--json', 'print one JSON object {runs}')
    .addHelpText('after', '\nExample:\n  llm-do runs search "invoice 2024"\n')
    .action(action(async (text: string, options: RunsSearchOptions) => (await import('../commands/runs.ts')).runRunsSearch(text, options, io)));
  runs
    .command('rm')
    .description('delete recorded runs: the ones named, or every finished run older than an age')
    .argument('[runs...]', 'run ids, unique prefixes of them, or "last"')
    .option('--older-than <age>', 'delete the finished runs started longer ago than AGE: 90m, 12h, 30d, 2w')
    .option('--json', 'print one JSON object {deleted}')
    .addHelpText('after', '\nExamples:\n  llm-do runs rm last\n  llm-do runs rm --older-than 30d\n')
    .action(action(async (refs: string[], options: RunsRmOptions) => (await import('../commands/runs.ts')).runRunsRm(refs, options, io)));
}

/** `approvals` (and `approvals rules`), `approve`, `deny`, `answer`, `resume`. */
function registerDecisionCommands(program: Command, { io, action }: CommandContext): void {
  const approvals = program
    .command('approvals')
    .description('pending approvals and questions of paused runs (every paused run, or RUN); "approvals rules": persistent grants of a project')
    .argument('[run]', 'a run id, a unique prefix of one, or "last"')
    .option('--full', 'show every argument whole instead of cutting long values')
    .option('--json', 'print one JSON object {runs: [{run_id, status, pending}]}')
    .addHelpText('after', '\nExamples:\n  llm-do approvals\n  llm-do approvals 01a2f3 --full\n  llm-do approvals rules\n  llm-do approvals rules --revoke 2\n')
    .action(
      action(async (ref: string | undefined, options: ApprovalsListOptions) => (await import('../commands/approvals.ts')).runApprovalsList(ref, options, io)),
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
      action(async (dir: string | undefined, options: ApprovalRulesOptions) => (await import('../commands/approvals.ts')).runApprovalRules(dir, options, io)),
    );

  program
    .command('approve')
    .description('approve pending tool calls of a paused run (for llm-do resume RUN)')
    .argument('<run>', 'a run id, a unique prefix of one, or "last"')
    .argument('[ids...]', 'approval ids or unique prefixes of them (llm-do approvals RUN lists them)')
    .option('--all', 'approve every pending approval not decided yet')
    .option('--session', 'also approve these tools for the rest of the run (the prompt\'s "t")')
    .addHelpText('after', '\nExamples:\n  llm-do approve 01a2f3 3f2a9c1e\n  llm-do approve last --all --session\n')
    .action(action(async (ref: string, ids: string[], options: ApproveOptions) => (await import('../commands/approve.ts')).runApprove(ref, ids, options, io)));
  program
    .command('deny')
    .description('deny a pending tool call of a paused run; the model gets the denial (and the reason) when it resumes')
    .argument('<run>', 'a run id, a unique prefix of one, or "last"')
    .argument('[id]', 'the approval id or a unique prefix of it')
    .option('--reason <text>', 'why, told to the model')
    .addHelpText('after', '\nExample:\n  llm-do deny 01a2f3 8d11aa02 --reason "write to out/ instead"\n')
    .action(
      action(async (ref: string, id: string | undefined, options: DenyOptions) => (await import('../commands/approve.ts')).runDeny(ref, id, options, io)),
    );
  program
    .command('answer')
    .description('answer a question an interactive worker of a paused run asked; the worker gets the answer when the run resumes')
    .argument('<run>', 'a run id, a unique prefix of one, or "last"')
    .argument('<id>', 'the question id or a unique prefix of it (llm-do approvals RUN lists them)')
    .argument('<text...>', 'the answer (several words are joined with spaces)')
    .addHelpText('after', '\nExample:\n  llm-do answer 01a2f3 5c0e9d21 "Lisbon, in May"\n')
    .action(action(async (ref: string, id: string, words: string[]) => (await import('../commands/answer.ts')).runAnswer(ref, id, words, io)));
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
    .action(action(async (ref: string | undefined, options: ResumeOptions) => (await import('../commands/resume.ts')).runResume(ref, options, io)));
}
