/**
 * `llm-do resume RUN`: goes on with a paused run, or one a crash cut short, from the state the run
 * log saved (SPEC §17), with the decisions recorded by `llm-do approve` / `deny`. The run keeps its
 * id and record; it is shown and ends exactly as `llm-do TARGET` would (exit 3 if it pauses again).
 */
import { hostname } from 'node:os';
import { UsageError } from '../../errors.ts';
import { resumeRun } from '../../runtime/resume-run.ts';
import type { CliIO } from '../io.ts';
import { openRunTarget, runLogPath, runOptionsFromFlags } from '../run-setup.ts';
import { openCommandSession } from './run.ts';

export async function runResume(ref: string, options: Record<string, any>, io: CliIO): Promise<number> {
  const session = openCommandSession(io);
  try {
    // The saved state, read first: a run that cannot be resumed is refused before anything changes.
    const { runId, state } = await readSavedState(ref, io);
    await session.openTrace(options);
    const { project } = await openRunTarget(state.project.root, { ...options, project: undefined }, io);
    const log = await session.openLog(options, project, runId);
    if (!log) throw new UsageError(`llm-do resume needs the run log, and the project at ${state.project.root} does not record its runs (log: false)`);
    const flags = runOptionsFromFlags(options, io);
    const handle = await resumeRun(state, {
      project,
      ...(flags.approval ? { approval: flags.approval } : {}),
      ...(flags.onApproval ? { onApproval: flags.onApproval } : {}),
      ...(options.stream === false ? { stream: false } : {}),
      env: io.env,
      store: log.store,
      ...(options.allowChanged ? { allowChanged: true } : {}),
      claim: () => {
        const claimed = log.runs.reopen(runId, { pid: process.pid, host: hostname() });
        // Another process resumed and stopped it in between: its state is not the one checked.
        if (JSON.stringify(claimed.state) !== JSON.stringify(state)) throw new UsageError(`run ${runId} changed while it was being resumed; run llm-do resume ${runId} again`);
        return { afterSeq: claimed.lastSeq, decisions: claimed.decisions };
      },
      ...(await session.surround(options, { answerAsJson: false, stdinIsInput: false, grants: false })),
    });
    return await session.report(await handle.result, options);
  } catch (error) {
    return session.fail(error, options);
  } finally {
    await session.close();
  }
}

/** The run `ref` names (an id, a unique prefix of one, or `last`) and its latest saved state. */
async function readSavedState(ref: string, io: CliIO) {
  const store = await import('../../store/index.ts');
  const db = store.openRunDatabase(runLogPath(io));
  try {
    // A run whose process is gone is interrupted: resumable from its last step.
    store.settleAbandonedRuns(db);
    const runId = store.resolveRunId(db, ref);
    const status = store.runSummary(db, runId)?.status;
    if (status === 'ok' || status === 'error') throw new UsageError(`run ${runId} has finished (${status}); there is nothing to resume`);
    return { runId, state: store.createPausedRuns(db).loadState(runId) };
  } finally {
    db.close();
  }
}
