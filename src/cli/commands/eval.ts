/**
 * `llm-do eval TARGET --models LIST` (docs/evals.md): the project's test cases once per model (and sample),
 * scored by their expectations and judge workers, reported as a table, `--json` or `--html`, compared
 * with an earlier eval by `--compare ID`; `--resume ID` goes on with an eval after a kill. Bad input
 * (an unknown model, a malformed case or dataset line, a judge without schema_out, an unknown eval id)
 * is exit 2 before any model is called.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomUUID } from '../../crypto.ts';
import { UsageError } from '../../errors.ts';
import { sampleEstimate } from '../../eval/cost-estimate.ts';
import { loadEvalCases } from '../../eval/eval-cases.ts';
import { createEvalRecord, readEvalRecord, type EvalSpec } from '../../eval/eval-log.ts';
import { parseModelList } from '../../eval/model-list.ts';
import { costText, formatEvalHtml, formatEvalTable } from '../../eval/reports.ts';
import { runEval, samplesOf } from '../../eval/run-eval.ts';
import { compareEvals, summarizeEval } from '../../eval/summary.ts';
import { mergeModelConfig } from '../../models/model-config.ts';
import { createPriceBook } from '../../models/prices.ts';
import { EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, reportError, reportJsonError } from '../exit-codes.ts';
import { printError, printLine, type CliIO } from '../io.ts';
import { llmDoHome } from '../llm-do-home.ts';
import { processFailure } from '../process-guard.ts';
import { openRunLog, openRunTarget, runOptionsFromFlags } from '../run-setup.ts';
import { exitCodeAfterSignal, onStopSignals, type StopSignal } from '../stop-signals.ts';
import { positiveInteger } from './batch.ts';

/** Options of `llm-do eval`. */
export interface EvalCommandOptions {
  /** `--models LIST`: required unless `--resume`. */
  models?: string;
  /** `--cases GLOB`: test files (project-relative paths) to take cases from. */
  cases?: string;
  repeat?: string;
  concurrency?: string;
  rpm?: string;
  tpm?: string;
  onApproval?: 'approve' | 'deny';
  /** `--max-cost USD`. */
  maxCost?: string;
  resume?: string;
  compare?: string;
  html?: string;
  json?: boolean;
  /** `--record DIR`: keep each sample's model requests in a cassette of DIR. */
  record?: string;
  /** `--replay DIR`: answer each sample from its cassette in DIR, offline. */
  replay?: string;
  /** `false` with `--no-log`. */
  log?: boolean;
  lib?: string[];
  project?: string | false;
}

export async function runEvalCommand(target: string | undefined, flags: EvalCommandOptions, io: CliIO): Promise<number> {
  const stop = new AbortController();
  let stoppedBy: StopSignal | undefined;
  const stopListening = onStopSignals((signal) => {
    stoppedBy ??= signal;
    stop.abort();
  });
  let closeLog = async () => {};
  try {
    const dir = join(llmDoHome(io), 'evals');
    const earlier = flags.resume === undefined ? undefined : readEvalRecord(dir, flags.resume, '--resume');
    if (earlier && (flags.models !== undefined || flags.cases !== undefined || flags.repeat !== undefined || target !== undefined)) {
      throw new UsageError('--resume runs the eval as it was started: give only --resume ID (and options such as --concurrency or --max-cost)');
    }
    if (!earlier && flags.models === undefined)
      throw new UsageError('llm-do eval needs --models LIST (e.g. --models cheap=openai:gpt-5-mini,anthropic:claude-sonnet-4-5), or --resume ID');
    const concurrency = positiveInteger(flags.concurrency ?? '4', '--concurrency');
    const rpm = flags.rpm === undefined ? undefined : positiveInteger(flags.rpm, '--rpm');
    const tpm = flags.tpm === undefined ? undefined : positiveInteger(flags.tpm, '--tpm');
    const maxCostUsd = flags.maxCost === undefined ? undefined : usd(flags.maxCost);
    const cassettes = cassettesOf(flags, io);
    const baseline = flags.compare === undefined ? undefined : readEvalRecord(dir, flags.compare, '--compare');

    const { project } = await openRunTarget(earlier ? earlier.spec.project : target, { project: flags.project, lib: flags.lib, importTools: false }, io);
    const modelConfig = mergeModelConfig(project.options.userConfig, project.manifest);
    const spec: EvalSpec = earlier?.spec ?? {
      id: newEvalId(),
      project: project.root,
      ...(flags.cases !== undefined ? { cases: flags.cases } : {}),
      models: parseModelList(flags.models!, modelConfig, io.cwd),
      repeat: positiveInteger(flags.repeat ?? '1', '--repeat'),
      started_at: new Date().toISOString(),
    };
    const cases = await loadEvalCases(project, spec.cases);
    if (cases.length === 0)
      throw new UsageError(`no eval cases: no *.test.yaml file under ${project.root}${spec.cases ? ` matches --cases ${spec.cases}` : ''} (docs/evals.md)`);

    // The spend guard: the estimate first, before any model is called.
    const prices = createPriceBook(modelConfig.priceLayers);
    const done = new Set((earlier?.results ?? []).map((result) => result.key));
    const todo = samplesOf(cases, spec).filter((sample) => !done.has(sample.key));
    const estimates = todo.map((sample) => sampleEstimate(sample.evalCase, sample.model.model, prices));
    const estimate = estimates.includes(null) ? null : estimates.reduce<number>((sum, value) => sum + (value ?? 0), 0);
    if (maxCostUsd !== undefined && estimate === null) {
      const unpriced = [...new Set(todo.filter((_, index) => estimates[index] === null).map((sample) => sample.model.label))];
      throw new UsageError(
        `--max-cost cannot be held: the price of ${unpriced.join(', ')} (or of a judge's model) is unknown; give prices in project.yaml (docs/models.md), a judge scorer its model, or leave out --max-cost`,
      );
    }
    if (!earlier) createEvalRecord(dir, spec);
    printError(
      io,
      `eval ${spec.id}: ${cases.length} case${cases.length === 1 ? '' : 's'} × ${spec.models.length} model${spec.models.length === 1 ? '' : 's'} × ${spec.repeat} = ${todo.length} sample${todo.length === 1 ? '' : 's'} to run${done.size > 0 ? ` (${done.size} done before)` : ''}; estimated cost ${costText(estimate)}${maxCostUsd !== undefined ? ` (at most $${maxCostUsd})` : ''}`,
    );

    const { fetch, apiKeys } = runOptionsFromFlags({}, io);
    const log = await openRunLog({ log: flags.log }, project, io);
    closeLog = async () => await log?.close();
    const outcome = await runEval({
      project: project.root,
      spec,
      cases,
      dir,
      done,
      concurrency,
      ...(rpm ? { rpm } : {}),
      ...(tpm ? { tpm } : {}),
      onApproval: flags.onApproval ?? 'deny',
      ...(maxCostUsd !== undefined ? { maxCostUsd } : {}),
      prices,
      ...(log ? { store: log.store } : {}),
      env: io.env,
      homeDir: io.homeDir,
      ...(apiKeys ? { apiKeys } : {}),
      libPaths: (flags.lib ?? []).map((path) => resolve(io.cwd, path)),
      fetch,
      signal: AbortSignal.any([stop.signal, processFailure]),
      ...cassettes,
    });
    if (processFailure.aborted) throw processFailure.reason;

    const record = readEvalRecord(dir, spec.id, '--resume');
    const summary = summarizeEval(record);
    const changes = baseline ? compareEvals(summary, summarizeEval(baseline)) : undefined;
    const expected = samplesOf(cases, spec).length;
    const unfinished = expected - record.results.length;
    if (flags.html !== undefined) writeFileSync(resolve(io.cwd, flags.html), formatEvalHtml(summary, changes));
    if (flags.json) {
      printLine(
        io,
        JSON.stringify({ status: unfinished > 0 ? 'unfinished' : 'done', ...summary, ...(changes ? { compare: { id: flags.compare, changes } } : {}) }),
      );
    } else {
      printLine(io, formatEvalTable(summary, changes));
    }
    if (outcome.skippedForCost > 0)
      printError(
        io,
        `llm-do: stopped before --max-cost $${maxCostUsd} was exceeded: ${outcome.skippedForCost} sample(s) not run; llm-do eval --resume ${spec.id} --max-cost USD goes on`,
      );
    else if (unfinished > 0) printError(io, `llm-do: eval ${spec.id} is unfinished (${unfinished} sample(s) left); llm-do eval --resume ${spec.id} goes on`);
    const failed = record.results.some((result) => !result.passed);
    const code = stop.signal.aborted ? EXIT_INTERRUPTED : failed || unfinished > 0 ? EXIT_FAILED : EXIT_OK;
    return exitCodeAfterSignal(code, stoppedBy);
  } catch (error) {
    return exitCodeAfterSignal(flags.json ? reportJsonError(error, io) : reportError(error, io), stoppedBy);
  } finally {
    await closeLog();
    stopListening();
  }
}

/** `eval-20261128-061502-3f9a`: sorts by start time, unique enough for one machine. */
function newEvalId(): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `eval-${stamp}-${randomUUID().slice(0, 4)}`;
}

/** `--record DIR` / `--replay DIR`, made absolute (a sample runs in a copy of the project). */
function cassettesOf(flags: EvalCommandOptions, io: CliIO): { cassettes?: { mode: 'record' | 'replay'; dir: string } } {
  if (flags.record !== undefined && flags.replay !== undefined) throw new UsageError('--record and --replay exclude each other; give one');
  if (flags.record !== undefined) {
    const dir = resolve(io.cwd, flags.record);
    mkdirSync(dir, { recursive: true });
    return { cassettes: { mode: 'record', dir } };
  }
  if (flags.replay !== undefined) {
    const dir = resolve(io.cwd, flags.replay);
    if (!existsSync(dir)) throw new UsageError(`--replay ${flags.replay}: no such directory; record one with llm-do eval --record DIR first`);
    return { cassettes: { mode: 'replay', dir } };
  }
  return {};
}

function usd(value: string): number {
  const number = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || number <= 0) throw new UsageError(`--max-cost expects an amount in USD greater than 0, e.g. 2.50; got "${value}"`);
  return number;
}
