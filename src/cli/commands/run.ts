/** `llm-do TARGET [INPUT]`: run a project's entry worker (or a worker file) and print its answer. */
import { resolve } from 'node:path';
import { RunError, UsageError } from '../../errors.ts';
import { runWorker, type RunWorkerOptions } from '../../runtime/run-worker.ts';
import { createAnswerStream } from '../answer-stream.ts';
import { approvalTerminal, type ControllingTerminal } from '../controlling-terminal.ts';
import { exitCodeFor, EXIT_OK, reportError, reportJsonError } from '../exit-codes.ts';
import { printError, printLine, writeOutput, type CliIO } from '../io.ts';
import { processFailure } from '../process-guard.ts';
import { createProgressDisplay, type ProgressDisplay } from '../progress-display.ts';
import { readStdin } from '../read-stdin.ts';
import { createStyle, isFancyTerminal } from '../style.ts';
import { createTerminalPrompter } from '../terminal-prompter.ts';
import { terminalSafeJson } from '../terminal-text.ts';
import { openTelemetry, type CliTelemetry } from '../telemetry-option.ts';
import { openTraceWriter, type TraceWriter } from '../trace-writer.ts';
import { approvalFromFlags, openGrants, openRunLog, openRunTarget, runOptionsFromFlags, type RunLog } from '../run-setup.ts';
import { chatWithProject } from './chat.ts';

export interface RunCommandInput {
  target: string | undefined;
  input: string | undefined;
  options: Record<string, any>;
}

/** The `--json` object of a run that failed before it started: the usual keys, empty. */
export const NOT_RUN_JSON = {
  worker: null,
  output: null,
  usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, cost_usd: 0, unpriced_models: [], by_worker: {} },
} as const;

export async function runCommand({ target, input, options }: RunCommandInput, io: CliIO): Promise<number> {
  const abort = new AbortController();
  let trace: TraceWriter | undefined;
  let telemetry: CliTelemetry | undefined;
  let display: ProgressDisplay | undefined;
  let terminal: ControllingTerminal | undefined;
  // SPEC §16: the first Ctrl-C ends the run as `interrupted`. Listening once puts Node's default
  // back, so a second Ctrl-C ends the process at once, even while tool code blocks the event loop.
  const onSigint = () => abort.abort();
  process.once('SIGINT', onSigint);
  let log: RunLog | undefined;
  try {
    trace = options.trace ? await openTraceWriter(resolve(io.cwd, options.trace)) : undefined;
    const { project, entry } = await openRunTarget(target, options, io);
    const noInputGiven = input === undefined && options.input === undefined;
    // Resolved here to choose how the run is shown; a failure to resolve is reported by the run itself.
    const entryWorker = await project.loadWorker(entry ?? project.entryId).catch(() => undefined);
    if (noInputGiven && entryWorker?.config.mode === 'chat') {
      // A chat worker with no INPUT starts a conversation (given INPUT, it answers that one turn).
      if (options.json) throw new UsageError('--json needs an INPUT for a chat worker: a conversation is not one JSON object');
      await trace?.close();
      return await chatWithProject(project, entry, options, io);
    }
    log = await openRunLog(options, project, io);
    const grants = await openGrants(project, io);
    const stdinIsInput = input === '-' || (noInputGiven && !io.stdin.isTTY);
    const runInput = await resolveInput(input, options.input, stdinIsInput, io);
    telemetry = await openTelemetry(options, io);
    // On a terminal the answer streams as it arrives (a JSON answer is shown whole, once validated).
    const streamAnswer = Boolean(io.stdout.isTTY) && !options.json && options.stream !== false && !entryWorker?.config.schema_out;
    const progress = createProgressDisplay(io, options, { entryTextOnStdout: streamAnswer, interrupted: () => abort.signal.aborted });
    display = progress;
    const answer = streamAnswer ? createAnswerStream(io, progress) : undefined;
    // Approvals are asked at the terminal: stdin, or /dev/tty when stdin is piped (none: denied).
    terminal = approvalFromFlags(options) ? undefined : approvalTerminal(io, stdinIsInput);

    const runOptions: RunWorkerOptions = {
      project,
      ...(entry ? { entry } : {}),
      ...runOptionsFromFlags(options, io),
      input: runInput,
      ...(log ? { store: log.store } : {}),
      ...(grants ? { grants } : {}),
      attachments: (options.attach ?? []).map((file: string) => resolve(io.cwd, file)),
      ...(terminal
        ? {
            prompter: createTerminalPrompter(terminal.input, terminal.output, {
              display: progress,
              style: createStyle(isFancyTerminal(terminal.output, io.env)),
              projectGrants: Boolean(grants),
            }),
          }
        : {}),
      // Ctrl-C, or tool code failing outside any call / a stalled run (process-guard.ts).
      signal: AbortSignal.any([abort.signal, processFailure]),
      subscribe: (bus) => {
        trace?.attach(bus);
        telemetry?.attach(bus);
        bus.subscribe(answer?.onEvent ?? progress.onEvent);
      },
      ...(io.env.LLM_DO_DEBUG === '1' ? { debug: (message: string) => printError(io, `debug: ${message}`) } : {}),
    };
    const result = await runWorker(runOptions).result;
    answer?.end();
    progress.stop();
    await trace?.close();

    // SPEC §15: a run with denied calls still succeeds, but says so; --fail-on-deny makes it fail.
    const denied = result.denied_calls;
    const deniedFailure = options.failOnDeny && denied > 0 && !result.error ? new RunError('denied-calls', result.worker, `${denied} tool call(s) denied (--fail-on-deny)`) : undefined;
    const error = result.error ?? deniedFailure;
    if (options.json) {
      printLine(io, terminalSafeJson({
        worker: result.worker,
        output: result.output ?? null,
        usage: result.usage,
        // Ctrl-C is `interrupted` (exit 130), not a failure; --fail-on-deny turns an ok run into `error`.
        status: deniedFailure ? 'error' : result.status,
        ...(error ? { error: error.message } : {}),
        denied_calls: denied,
      }));
    } else if (result.status === 'ok' && !answer?.streamed) {
      const output = typeof result.output === 'string' ? result.output : JSON.stringify(result.output, null, 2);
      writeOutput(io, output.endsWith('\n') ? output : `${output}\n`);
    }
    if (denied > 0 && !deniedFailure && !options.quiet) printError(io, `${denied} tool call(s) denied`);
    const exitCode = error ? (options.json ? exitCodeFor(error) : reportError(error, io)) : EXIT_OK;
    log?.recordExit(exitCode);
    return exitCode;
  } catch (error) {
    await trace?.close().catch(() => undefined);
    return options.json ? reportJsonError(error, io, NOT_RUN_JSON) : reportError(error, io);
  } finally {
    display?.stop();
    terminal?.close();
    log?.close();
    process.removeListener('SIGINT', onSigint);
    // After the answer is out: a slow or unreachable collector delays only the exit, boundedly.
    await telemetry?.close();
  }
}

async function resolveInput(
  positional: string | undefined,
  json: string | undefined,
  fromStdin: boolean,
  io: CliIO,
): Promise<string | Record<string, unknown>> {
  if (json !== undefined) {
    if (positional !== undefined) throw new UsageError('give the input either as INPUT or with --input, not both');
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch (error) {
      throw new UsageError(`--input is not valid JSON (${(error as Error).message}); e.g. --input '{"topic": "tides"}'`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new UsageError(`--input expects a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}; e.g. --input '{"topic": "tides"}'`);
    }
    return value as Record<string, unknown>;
  }
  if (fromStdin) return readStdin(io.stdin);
  return positional ?? '';
}
