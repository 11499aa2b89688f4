/** `llm-do TARGET [INPUT]`: run a project's entry worker (or a worker file) and print its answer. */
import { resolve } from 'node:path';
import { UsageError } from '../../errors.ts';
import { runWorker } from '../../runtime/run-worker.ts';
import { openCommandSession } from '../command-session.ts';
import type { CliIO } from '../io.ts';
import { readStdin } from '../read-stdin.ts';
import { stateFileWriter } from '../state-file.ts';
import { openGrants, openRunTarget, runOptionsFromFlags } from '../run-setup.ts';
import type { SessionFlags } from '../shared-flags.ts';

/** Options of `llm-do TARGET [INPUT]`. */
export interface RunCommandOptions extends SessionFlags {
  /** `--input JSON`: the input as a JSON object. */
  input?: string;
  /** `--attach FILE…`. */
  attach?: string[];
  json?: boolean;
  failOnDeny?: boolean;
  /** `--state FILE`: the run's state, written after every step. */
  state?: string;
  /** `--record FILE`: a cassette to write. */
  record?: string;
  /** `--replay FILE`: a cassette to answer from. */
  replay?: string;
  /** `--chat`: alias of `llm-do chat TARGET`. */
  chat?: boolean;
  /** `--check`: alias of `llm-do check TARGET`. */
  check?: boolean;
  /** `--list-workers`: alias of `llm-do list TARGET`. */
  listWorkers?: boolean;
}

export interface RunCommandInput {
  target: string | undefined;
  input: string | undefined;
  options: RunCommandOptions;
}

export async function runCommand({ target, input, options }: RunCommandInput, io: CliIO): Promise<number> {
  const session = openCommandSession(io);
  try {
    const trace = await session.openTrace(options);
    const { project, entry } = await openRunTarget(target, options, io);
    const noInputGiven = input === undefined && options.input === undefined;
    // Resolved here to choose how the run is shown; a failure to resolve is reported by the run itself.
    const entryWorker = await project.loadWorker(entry ?? project.entryId).catch(() => undefined);
    if (noInputGiven && entryWorker?.config.mode === 'chat') {
      // A chat worker with no INPUT starts a conversation (given INPUT, it answers that one turn).
      if (options.json) throw new UsageError('--json needs an INPUT for a chat worker: a conversation is not one JSON object');
      await trace?.close();
      const { chatWithProject } = await import('./chat.ts');
      return await chatWithProject(project, entry, options, io);
    }
    const log = await session.openLog(options, project);
    const grants = await openGrants(project, io);
    const stdinIsInput = input === '-' || (noInputGiven && !io.stdin.isTTY);
    const runInput = await resolveInput(input, options.input, stdinIsInput, io);
    const surroundings = await session.surround(options, { answerAsJson: Boolean(entryWorker?.config.schema_out), stdinIsInput, grants: Boolean(grants) });
    const result = await runWorker({
      project,
      ...(entry ? { entry } : {}),
      ...runOptionsFromFlags(options, io),
      input: runInput,
      ...(log ? { store: log.store } : {}),
      ...(grants ? { grants } : {}),
      attachments: (options.attach ?? []).map((file) => resolve(io.cwd, file)),
      ...(options.state ? { onCheckpoint: stateFileWriter(resolve(io.cwd, options.state), io) } : {}),
      ...(options.record ? { cassette: { record: resolve(io.cwd, options.record) } } : {}),
      ...(options.replay ? { cassette: { replay: resolve(io.cwd, options.replay) } } : {}),
      ...surroundings,
    }).result;
    return await session.report(result, options);
  } catch (error) {
    return session.fail(error, options);
  } finally {
    await session.close();
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
      throw new UsageError(
        `--input expects a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}; e.g. --input '{"topic": "tides"}'`,
      );
    }
    return value as Record<string, unknown>;
  }
  if (fromStdin) return readStdin(io.stdin);
  return positional ?? '';
}
