/**
 * `llm-do resume RUN`: goes on with a paused run, or one a crash cut short, from the state the run
 * log saved (docs/durable-runs.md), with the decisions recorded by `llm-do approve` / `deny`. The run keeps its
 * id and record; it is shown and ends exactly as `llm-do TARGET` would (exit 3 if it pauses again).
 */
import { resolve } from 'node:path';
import { UsageError } from '../../errors.ts';
import type { Project } from '../../project/types.ts';
import { startResumedRun, type ResumeRunOptions } from '../../runtime/resume-run.ts';
import type { RunSnapshot } from '../../runtime/saved-state.ts';
import type { CliIO } from '../io.ts';
import { loadRunState, openGrants, openRunTarget, reopenRun, runOptionsFromFlags } from '../run-setup.ts';
import { readStateFile, stateFileWriter } from '../state-file.ts';
import { openCommandSession, type CommandSession } from '../command-session.ts';
import type { ApprovalFlags } from '../shared-flags.ts';

/** Options of `llm-do resume`. */
export interface ResumeOptions extends ApprovalFlags {
  /** `--state FILE`: resume from a state file instead of the run log. */
  state?: string;
  allowChanged?: boolean;
  /** `false` with `--no-stream`. */
  stream?: boolean;
  json?: boolean;
  quiet?: boolean;
  verbose?: boolean;
  /** `--trace FILE`. */
  trace?: string;
  /** `--otel URL`. */
  otel?: string;
}

export async function runResume(ref: string | undefined, options: ResumeOptions, io: CliIO): Promise<number> {
  const session = openCommandSession(io);
  try {
    // The saved state, read first: a run that cannot be resumed is refused before anything changes.
    const saved = options.state ? fromStateFile(ref, resolve(io.cwd, options.state), io) : await fromRunLog(ref, io);
    const { state } = saved;
    await session.openTrace(options);
    const { project } = await openRunTarget(state.project.root, { ...options, project: undefined }, io);
    const recording = await saved.recording(project, session, options);
    const grants = await openGrants(project, io);
    const handle = await startResumedRun(state, {
      project,
      ...optionsFromFlags(options, io),
      ...(grants ? { grants } : {}),
      ...recording,
      ...(await session.surround(options, { answerAsJson: false, stdinIsInput: false, grants: Boolean(grants), deniedBefore: state.denied_calls })),
    });
    return await session.report(await handle.result, options);
  } catch (error) {
    return session.fail(error, options);
  } finally {
    await session.close();
  }
}

/** A saved state, and how the resumed run is recorded: in the run log it came from, or back into its file. */
export interface SavedRun {
  state: RunSnapshot;
  recording(
    project: Project,
    session: Pick<CommandSession, 'openLog'>,
    options: ResumeOptions,
  ): Promise<Pick<ResumeRunOptions, 'store' | 'claim' | 'onCheckpoint'>>;
}

/**
 * `resume --state FILE`: the state comes from the file and goes back to it after every step; the
 * run log is not used, so decisions come from `--on-approval` (the terminal by default).
 */
function fromStateFile(ref: string | undefined, file: string, io: CliIO): SavedRun {
  if (ref !== undefined) throw new UsageError('give either a RUN or --state FILE, not both');
  return { state: readStateFile(file), recording: async () => ({ onCheckpoint: stateFileWriter(file, io) }) };
}

/** `resume RUN`: the state the run log saved; the resumed run claims the run there and is recorded on (`llm-do ui` resumes through it too). */
export async function fromRunLog(ref: string | undefined, io: CliIO): Promise<SavedRun> {
  if (ref === undefined) throw new UsageError('llm-do resume needs a RUN (an id, a unique prefix of one, or "last"), or --state FILE');
  const { runId, status, state } = await loadRunState(ref, io);
  if (status === 'ok' || status === 'error') throw new UsageError(`run ${runId} has finished (${status}); there is nothing to resume`);
  return {
    state,
    async recording(project, session, options) {
      const log = await session.openLog(options, project, runId);
      if (!log)
        throw new UsageError(
          `llm-do resume needs the run log, and the project at ${state.project.root} does not record its runs (log: false); resume it from a --state file`,
        );
      return {
        store: log.store,
        claim: async () => {
          const claimed = await reopenRun(runId, io);
          // Another process resumed and stopped it in between: its state is not the one checked.
          if (JSON.stringify(claimed.state) !== JSON.stringify(state))
            throw new UsageError(`run ${runId} changed while it was being resumed; run llm-do resume ${runId} again`);
          return { afterSeq: claimed.lastSeq, afterCall: claimed.lastCall, decisions: claimed.decisions, answers: claimed.answers };
        },
      };
    },
  };
}

/** What the flags of `resume` change: who decides, streaming, `--accept-truncated`, `--allow-changed`; the rest is the paused run's. */
function optionsFromFlags(options: ResumeOptions, io: CliIO): Omit<ResumeRunOptions, 'project'> {
  const flags = runOptionsFromFlags(options, io);
  return {
    ...(flags.onApproval ? { onApproval: flags.onApproval } : {}),
    ...(options.stream === false ? { stream: false } : {}),
    ...(flags.acceptTruncated ? { acceptTruncated: true } : {}),
    env: io.env,
    ...(flags.apiKeys ? { apiKeys: flags.apiKeys } : {}),
    ...(options.allowChanged ? { allowChanged: true } : {}),
  };
}
