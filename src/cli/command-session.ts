/**
 * One command's session around a run (`llm-do TARGET`, `llm-do resume`): what shows it (progress,
 * the streamed answer, `--trace`, `--otel`), asks at the terminal, records it in the run log and
 * stops it on Ctrl-C, and how its result is printed and turned into the exit code.
 */
import { resolve } from 'node:path';
import { RunError } from '../errors.ts';
import type { Project } from '../project/types.ts';
import type { RunWorkerOptions } from '../runtime/run-options.ts';
import type { RunResult } from '../runtime/run-worker.ts';
import { createAnswerStream } from './answer-stream.ts';
import { approvalTerminal } from './controlling-terminal.ts';
import { exitCodeFor, EXIT_OK, EXIT_PAUSED, reportError, reportJsonError } from './exit-codes.ts';
import { printError, printLine, writeOutput, type CliIO, type ControllingTerminal } from './io.ts';
import type { ApprovalFlags } from './shared-flags.ts';
import { pendingJson, renderPending } from './pending-view.ts';
import { processFailure } from './process-guard.ts';
import { createProgressDisplay, type ProgressDisplay } from './progress-display.ts';
import { asksAtTerminal, openRunLog, type RunLog } from './run-setup.ts';
import { createStyle, isFancyTerminal } from './style.ts';
import { openTelemetry, type CliTelemetry } from './telemetry-option.ts';
import { terminalSafeJson } from './terminal-text.ts';
import type { TraceWriter } from './trace-writer.ts';
import { exitCodeAfterSignal, onStopSignals, type StopSignal } from './stop-signals.ts';

/** The `--json` object of a run that failed before it started: the usual keys, empty. */
export const NOT_RUN_JSON = {
  worker: null,
  output: null,
  usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, cost_usd: 0, unpriced_models: [], by_worker: {} },
  finish_reason: null,
} as const;

/** The flags a session reads, of `llm-do TARGET` or `llm-do resume`: what shows the run, who decides, whether it is recorded. */
export interface CommandSessionFlags extends ApprovalFlags {
  /** `--trace FILE`. */
  trace?: string;
  /** `--otel URL`. */
  otel?: string;
  json?: boolean;
  /** `false` with `--no-stream`. */
  stream?: boolean;
  quiet?: boolean;
  verbose?: boolean;
  failOnDeny?: boolean;
  /** `--strict`: alias of `--auto-deny`. */
  strict?: boolean;
  /** `false` with `--no-log`. */
  log?: boolean;
}

/** What a run is shown and recorded through: the views, trace, telemetry, terminal and run log of one command. */
export interface CommandSession {
  openTrace(options: CommandSessionFlags): Promise<TraceWriter | undefined>;
  /**
   * The run log of the run, or of the paused run `resumedRunId` that goes on: written to a run
   * journal, which the next command that opens the log records (src/run-log/run-journal.ts).
   */
  openLog(options: CommandSessionFlags, project: Project, resumedRunId?: string): Promise<RunLog | undefined>;
  /** The run options that show the run (progress, answer stream, trace, telemetry), ask at the terminal, and stop it on Ctrl-C. */
  surround(
    options: CommandSessionFlags,
    how: { answerAsJson: boolean; stdinIsInput: boolean; grants: boolean; deniedBefore?: number },
  ): Promise<Pick<RunWorkerOptions, 'prompter' | 'signal' | 'subscribe' | 'debug'>>;
  /** Prints the result (the answer, `--json`, or what a paused run waits for) and returns the exit code. */
  report(result: RunResult, options: CommandSessionFlags): Promise<number>;
  fail(error: unknown, options: CommandSessionFlags): Promise<number>;
  close(): Promise<void>;
}

/** One command's session; `close` it whatever happens. */
export function openCommandSession(io: CliIO): CommandSession {
  const abort = new AbortController();
  let trace: TraceWriter | undefined;
  let telemetry: CliTelemetry | undefined;
  let display: ProgressDisplay | undefined;
  let answer: ReturnType<typeof createAnswerStream> | undefined;
  let terminal: ControllingTerminal | undefined;
  let log: RunLog | undefined;
  // The first Ctrl-C, SIGTERM or SIGHUP ends the run as `interrupted` (stop-signals.ts).
  let stoppedBy: StopSignal | undefined;
  const stopListening = onStopSignals((signal) => {
    stoppedBy ??= signal;
    abort.abort();
  });
  return {
    async openTrace(options) {
      // Loaded when asked for, as the terminal prompter below: they need node:fs/promises and node:readline/promises.
      trace = options.trace ? await (await import('./trace-writer.ts')).openTraceWriter(resolve(io.cwd, options.trace)) : undefined;
      return trace;
    },
    async openLog(options, project, resumedRunId) {
      log = await openRunLog(options, project, io, resumedRunId);
      return log;
    },
    async surround(options, { answerAsJson, stdinIsInput, grants, deniedBefore }) {
      telemetry = await openTelemetry(options, io);
      // On a terminal the answer streams as it arrives (a JSON answer is shown whole, once validated).
      const streamAnswer = Boolean(io.stdout.isTTY) && !options.json && options.stream !== false && !answerAsJson;
      const progress = createProgressDisplay(io, options, {
        entryTextOnStdout: streamAnswer,
        interrupted: () => abort.signal.aborted,
        ...(deniedBefore ? { deniedBefore } : {}),
      });
      display = progress;
      answer = streamAnswer ? createAnswerStream(io, progress) : undefined;
      // Approvals are asked at the terminal: stdin, or /dev/tty when stdin is piped (none: denied).
      terminal = asksAtTerminal(options) ? approvalTerminal(io, stdinIsInput) : undefined;
      const onEvent = answer?.onEvent ?? progress.onEvent;
      const createTerminalPrompter = terminal && (await import('./terminal-prompter.ts')).createTerminalPrompter;
      return {
        ...(terminal && createTerminalPrompter
          ? {
              prompter: createTerminalPrompter(terminal.input, terminal.output, {
                display: progress,
                style: createStyle(isFancyTerminal(terminal.output, io.env)),
                projectGrants: grants,
              }),
            }
          : {}),
        // Ctrl-C, or tool code failing outside any call / a stalled run (process-guard.ts).
        signal: AbortSignal.any([abort.signal, processFailure]),
        subscribe: (bus) => {
          trace?.attach(bus);
          telemetry?.attach(bus);
          bus.subscribe(onEvent);
        },
        ...(io.env.LLM_DO_DEBUG === '1' ? { debug: (message: string) => printError(io, `debug: ${message}`) } : {}),
      };
    },
    async report(result, options) {
      answer?.end();
      display?.stop();
      // A trace that could not be written fails the run: its user asked for a record and has none.
      const traceFailure = await trace?.close().then(
        () => undefined,
        (error: Error) => error,
      );
      const failedTrace = traceFailure !== undefined && result.status === 'ok';
      // `--json` says so in its one object; otherwise the answer is printed, then the failure.
      const reported = failedTrace && options.json ? { ...result, status: 'error' as const, error: traceFailure } : result;
      let exitCode = exitCodeAfterSignal(reportResult(reported, options, io, answer?.streamed === true), stoppedBy);
      if (failedTrace && !options.json) exitCode = reportError(traceFailure, io);
      log?.recordExit(exitCode);
      return exitCode;
    },
    async fail(error, options) {
      await trace?.close().catch(() => undefined);
      return exitCodeAfterSignal(options.json ? reportJsonError(error, io, NOT_RUN_JSON) : reportError(error, io), stoppedBy);
    },
    async close() {
      display?.stop();
      terminal?.close();
      await log?.close();
      stopListening();
      // After the answer is out: a slow or unreachable collector delays only the exit, boundedly.
      await telemetry?.close();
    },
  };
}

/** Prints a finished run's outcome and returns its exit code. */
function reportResult(result: RunResult, options: CommandSessionFlags, io: CliIO, streamed: boolean): number {
  // A run with denied calls still succeeds, but says so; --fail-on-deny makes it fail.
  const denied = result.denied_calls;
  const deniedFailure =
    options.failOnDeny && denied > 0 && !result.error
      ? new RunError('denied-calls', result.worker, `${denied} tool call(s) denied (--fail-on-deny)`)
      : undefined;
  const error = result.error ?? deniedFailure;
  const paused = result.status === 'paused' ? { run_id: result.state!.run_id, pending: result.pending ?? [], questions: result.questions ?? [] } : undefined;
  if (options.json) {
    printLine(
      io,
      terminalSafeJson({
        worker: result.worker,
        output: result.output ?? null,
        ...(result.sources ? { sources: result.sources } : {}),
        usage: result.usage,
        finish_reason: result.finish_reason ?? null,
        // Ctrl-C is `interrupted` (exit 130), not a failure; --fail-on-deny turns an ok run into `error`.
        status: deniedFailure ? 'error' : result.status,
        ...(error ? { error: error.message } : {}),
        ...(paused ? { run_id: paused.run_id, pending: pendingJson(paused.pending, paused.questions) } : {}),
        denied_calls: denied,
      }),
    );
  } else if ((result.status === 'ok' || result.output !== undefined) && !streamed) {
    // A refused or cut answer is still printed, as far as it got (the error follows on stderr, exit 1).
    const output = typeof result.output === 'string' ? result.output : JSON.stringify(result.output, null, 2);
    writeOutput(io, output.endsWith('\n') ? output : `${output}\n`);
  } else if (paused) {
    printError(io, `paused: ${pausedSummary(paused.pending.length, paused.questions.length)} (run ${paused.run_id})`);
    // Escaped by the view: everything in it came from a model.
    io.stderr.write(`${renderPending(paused.run_id, paused.pending, paused.questions).trimEnd()}\n`);
  }
  if (denied > 0 && !deniedFailure && !options.quiet) printError(io, `${denied} tool call(s) denied`);
  if (paused) return EXIT_PAUSED;
  return error ? (options.json ? exitCodeFor(error) : reportError(error, io)) : EXIT_OK;
}

/** `2 tool call(s) wait for a decision, 1 question waits for an answer`. */
function pausedSummary(approvals: number, questions: number): string {
  const parts = [
    ...(approvals > 0 || questions === 0 ? [`${approvals} tool call(s) wait for a decision`] : []),
    ...(questions > 0 ? [`${questions} question(s) wait for an answer`] : []),
  ];
  return parts.join(', ');
}
