/**
 * `llm-do batch TARGET --inputs FILE.jsonl|DIR --out RESULTS.jsonl` (docs/batch.md): the target once per
 * input, results appended as they finish, a rerun skipping what is done. Batches never ask at a
 * terminal: `ask` calls pause their input (`--on-approval pause`, the default), and `llm-do approvals`
 * is the inbox. Progress is drawn on stderr when it is a terminal; the summary always ends it.
 */
import { resolve } from 'node:path';
import { readBatchInputs } from '../../batch/inputs.ts';
import { openResultsFile, type ResultsFile } from '../../batch/results-file.ts';
import { runBatch, type BatchProgress, type PausedRunOutcome } from '../../batch/run-batch.ts';
import { UsageError } from '../../errors.ts';
import type { CallRecord } from '../../run-log/index.ts';
import { EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_PAUSED, reportError, reportJsonError } from '../exit-codes.ts';
import { printError, printLine, type CliIO } from '../io.ts';
import { processFailure } from '../process-guard.ts';
import { journalProblemWarning, openGrants, openRunLog, openRunTarget, runLogPath, runOptionsFromFlags } from '../run-setup.ts';
import { drawBatchProgress, formatBatchSummary } from '../batch-progress.ts';
import { exitCodeAfterSignal, onStopSignals, type StopSignal } from '../stop-signals.ts';
import type { UnattendedRunFlags } from '../shared-flags.ts';

/** Options of `llm-do batch`. */
export interface BatchCommandOptions extends UnattendedRunFlags {
  /** `--inputs FILE.jsonl|DIR` (required). */
  inputs: string;
  /** `--out RESULTS.jsonl` (required). */
  out: string;
  /** `--concurrency N`. @default '4' */
  concurrency?: string;
  /** `--rpm N`. */
  rpm?: string;
  /** `--tpm N`. */
  tpm?: string;
  retryFailed?: boolean;
  /** `--fail-on-deny`: an input whose run had denied calls fails. */
  failOnDeny?: boolean;
  /** `--engine`: where inputs run. @default 'in-process' */
  engine?: 'in-process' | 'restate';
  /** `--restate-ingress URL`, with `--engine restate`. */
  restateIngress?: string;
  /** `--entry ID`. */
  entry?: string;
  /** `--model ID` for every worker of every input. */
  model?: string;
  /** `--set KEY=VALUE` values. */
  set?: string[];
  /** `false` with `--no-log`. */
  log?: boolean;
  json?: boolean;
  quiet?: boolean;
}

export async function runBatchCommand(target: string | undefined, flags: BatchCommandOptions, io: CliIO): Promise<number> {
  const stop = new AbortController();
  let stoppedBy: StopSignal | undefined;
  const stopListening = onStopSignals((signal) => {
    stoppedBy ??= signal;
    stop.abort();
  });
  let results: ResultsFile | undefined;
  let closeLog = async () => {};
  try {
    const concurrency = positiveInteger(flags.concurrency ?? '4', '--concurrency');
    const rpm = flags.rpm === undefined ? undefined : positiveInteger(flags.rpm, '--rpm');
    const tpm = flags.tpm === undefined ? undefined : positiveInteger(flags.tpm, '--tpm');
    const engine = batchEngine(flags);
    const { project, entry } = await openRunTarget(target, flags, io);
    const worker = (await project.resolveWorker(entry ?? project.entryId)).id;
    const inputs = await readBatchInputs(resolve(io.cwd, flags.inputs), flags.inputs);
    const { fetch, ...runOptions } = runOptionsFromFlags(flags, io);
    const remote = engine.restate
      ? (await import('../../restate/ingress.ts')).restateRunner({ ingress: engine.restate, project: project.name, worker })
      : undefined;
    const pausing = !remote && (runOptions.onApproval === undefined || runOptions.onApproval === 'pause');
    const log = remote ? undefined : await openRunLog(flags, project, io);
    const paused = log ? await pausedRunLookup(io) : undefined;
    closeLog = async () => {
      paused?.close();
      await log?.close();
    };
    if (pausing && !log) {
      throw new UsageError(
        'llm-do batch pauses inputs at tool calls that ask and keeps them in the run log, which is off here (--no-log or log: false in the manifest); pass --on-approval deny or --on-approval approve',
      );
    }
    results = openResultsFile(resolve(io.cwd, flags.out), flags.out, { project: project.name, worker });
    const grants = await openGrants(project, io);
    const draw = io.stderr.isTTY && !flags.quiet && !flags.json ? drawBatchProgress(io) : undefined;
    const summary = await runBatch({
      project,
      worker,
      inputs,
      results,
      runOptions: {
        ...runOptions,
        ...(pausing ? { onApproval: 'pause' as const } : {}),
        ...(log ? { store: log.store } : {}),
        ...(grants ? { grants } : {}),
      },
      fetch,
      concurrency,
      ...(rpm ? { rpm } : {}),
      ...(tpm ? { tpm } : {}),
      retryFailed: Boolean(flags.retryFailed),
      failOnDeny: Boolean(flags.failOnDeny),
      signal: AbortSignal.any([stop.signal, processFailure]),
      ...(paused ? { pausedRun: paused.lookup } : {}),
      ...(remote ? { remote } : {}),
      ...(draw ? { onProgress: draw.update } : {}),
    });
    draw?.end();
    if (processFailure.aborted) throw processFailure.reason;
    const interrupted = stop.signal.aborted;
    if (flags.json) printLine(io, JSON.stringify({ status: interrupted ? 'interrupted' : 'done', out: flags.out, ...summary }));
    else if (!flags.quiet) printError(io, formatBatchSummary(summary, flags.out, interrupted));
    return exitCodeAfterSignal(exitCode(summary, interrupted), stoppedBy);
  } catch (error) {
    return exitCodeAfterSignal(flags.json ? reportJsonError(error, io) : reportError(error, io), stoppedBy);
  } finally {
    results?.close();
    await closeLog();
    stopListening();
  }
}

/**
 * Where the inputs run: here, or (`--engine restate`) as durable invocations through the Restate
 * ingress, where the processes of `llm-do restate serve` run them with their own run options.
 */
function batchEngine(flags: BatchCommandOptions): { restate?: string } {
  const engine = flags.engine ?? 'in-process';
  if (engine === 'in-process') {
    if (flags.restateIngress !== undefined) throw new UsageError('--restate-ingress needs --engine restate');
    return {};
  }
  // Each `llm-do restate serve` decides these for the inputs it runs.
  const theirs = (['rpm', 'tpm', 'onApproval', 'approveAll', 'autoDeny', 'model', 'set', 'mount', 'maxDepth'] as const).filter(
    (key) => flags[key] !== undefined,
  );
  if (theirs.length > 0) {
    const named = theirs.map((key) => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`).join(', ');
    throw new UsageError(
      `${named}: with --engine restate, the inputs run in the processes of llm-do restate serve; give ${theirs.length > 1 ? 'these' : 'it'} to llm-do restate serve instead`,
    );
  }
  return { restate: flags.restateIngress ?? 'http://127.0.0.1:8080' };
}

/** Interrupted 130; any failed or invalid input 1; else inputs still paused 3; else 0. */
function exitCode(summary: BatchProgress, interrupted: boolean): number {
  if (interrupted) return EXIT_INTERRUPTED;
  if (summary.failed > 0 || summary.invalid > 0) return EXIT_FAILED;
  return summary.paused > 0 ? EXIT_PAUSED : EXIT_OK;
}

export function positiveInteger(value: string, flag: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1) throw new UsageError(`${flag} expects a whole number ≥ 1, got "${value}"`);
  return number;
}

/** What became of a paused input's run since, read from the run log (runs a crash cut short are settled first). */
async function pausedRunLookup(io: CliIO): Promise<{ lookup: (runId: string) => PausedRunOutcome; close: () => void }> {
  const store = await import('../../run-log/index.ts');
  let db: ReturnType<typeof store.openRunDatabase> | undefined;
  const lookup = (runId: string): PausedRunOutcome => {
    if (!db) {
      db = store.openRunDatabase(runLogPath(io), { onJournalProblem: journalProblemWarning(io) });
      store.settleAbandonedRuns(db);
    }
    const run = store.runSummary(db, runId);
    if (run?.status === 'paused') return { status: 'paused' };
    if (run?.status !== 'ok' && run?.status !== 'error') return { status: 'gone' };
    const { output, root } = store.loadRun(db, runId, { prompts: false });
    const denied_calls = root ? deniedCalls(root) : 0;
    const usage = {
      input_tokens: run.input_tokens,
      output_tokens: run.output_tokens,
      cache_read_tokens: run.cache_read_tokens,
      cache_write_tokens: run.cache_write_tokens,
    };
    return {
      status: run.status,
      ...(output !== null ? { output } : {}),
      usage,
      cost: run.cost_usd,
      ...(denied_calls > 0 ? { denied_calls } : {}),
      ...(run.error ? { error: run.error } : {}),
    };
  };
  return { lookup, close: () => db?.close() };
}

/** The denied tool calls of a recorded call and the calls it delegated to. */
function deniedCalls(call: CallRecord): number {
  return call.tool_calls.reduce((sum, tool) => sum + (tool.denied ? 1 : 0) + (tool.call ? deniedCalls(tool.call) : 0), 0);
}
