/**
 * `llm-do approvals [RUN]`: the pending approvals and worker questions of paused runs, with the
 * decisions and answers recorded so far (docs/durable-runs.md). `llm-do approvals rules [DIR]`: the persistent grants of a project
 * (`.llm-do/approvals.yaml`), numbered; `--revoke N` removes grant N. Arguments came from a model:
 * they are escaped.
 */
import { openProjectGrants, type Grant } from '../../approval/grants.ts';
import { UsageError } from '../../errors.ts';
import { detectTarget } from '../../project/target.ts';
import { createNodeFileSystem } from '../../sandbox/node-file-system.ts';
import { EXIT_OK, reportError, reportJsonError } from '../exit-codes.ts';
import { printLine, type CliIO } from '../io.ts';
import { formatTime, shorten } from '../progress.ts';
import { pendingJson, renderPending } from '../pending-view.ts';
import { escapeTerminalText, terminalSafeJson } from '../terminal-text.ts';
import { withRunLog } from './runs.ts';

export interface ApprovalsListOptions {
  json?: boolean;
  /** Show every argument whole. */
  full?: boolean;
}

/** Lists the pending approvals and questions of run `ref` (an id, a unique prefix or `last`), or of every paused run. */
export function runApprovalsList(ref: string | undefined, options: ApprovalsListOptions, io: CliIO): Promise<number> {
  return withRunLog(io, options.json, { runs: [] }, (db, store) => {
    const paused = store.createPausedRuns(db).pendingApprovals(ref === undefined ? undefined : store.resolveRunId(db, ref));
    if (options.json)
      return { runs: paused.map(({ run_id, run, pending, questions }) => ({ run_id, status: run.status, pending: pendingJson(pending, questions) })) };
    if (paused.length === 0) return 'no paused runs';
    return paused
      .map(({ run_id, run, pending, questions }) => {
        const when = (iso: string | null) => (iso ? formatTime(iso) : '-');
        const header = `run ${run_id} · project ${escapeTerminalText(run.project)} · entry ${escapeTerminalText(run.entry)} · started ${when(run.started_at)} · paused ${when(run.ended_at)}`;
        return `${header}\n${renderPending(run_id, pending, questions, { full: Boolean(options.full) })}`;
      })
      .join('\n\n');
  });
}

export interface ApprovalRulesOptions {
  project?: string;
  json?: boolean;
  revoke?: string;
}

/** Lists the grants of the project at `dir`, or revokes one. */
export async function runApprovalRules(dir: string | undefined, options: ApprovalRulesOptions, io: CliIO): Promise<number> {
  try {
    const revoke = options.revoke === undefined ? undefined : grantNumber(options.revoke);
    const fs = createNodeFileSystem();
    const located = await detectTarget(dir, { fs, cwd: io.cwd, project: options.project, env: io.env, homeDir: io.homeDir });
    if (located.standaloneFile) throw new UsageError(`${dir}: a worker file on its own has no project to keep grants in; name a project directory`);
    const grants = await openProjectGrants({ fs, root: located.root, who: io.env.USER ?? 'unknown' });
    if (revoke !== undefined) {
      const revoked = await grants.revoke(revoke);
      printLine(
        io,
        options.json ? terminalSafeJson({ file: grants.file, revoked: numbered(revoked, revoke) }) : `revoked grant ${revoke}: ${describe(revoked)}`,
      );
      return EXIT_OK;
    }
    const list = grants.list();
    if (options.json) printLine(io, terminalSafeJson({ file: grants.file, grants: list.map((grant, index) => numbered(grant, index + 1)) }));
    else if (list.length === 0) printLine(io, `no grants in ${escapeTerminalText(grants.file)}`);
    else list.forEach((grant, index) => printLine(io, `${index + 1}. ${describe(grant)}`));
    return EXIT_OK;
  } catch (error) {
    return options.json ? reportJsonError(error, io) : reportError(error, io);
  }
}

function grantNumber(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1) throw new UsageError(`--revoke expects a grant number ≥ 1 (see llm-do approvals rules), got "${text}"`);
  return n;
}

function numbered(grant: Grant, n: number) {
  return { n, ...grant };
}

/** `filesystem.write_file {"path":…}  (ada, 2026-01-02 10:00:00)`, escaped and cut to one readable line; the time local (docs/cli.md). */
function describe(grant: Grant): string {
  const tool = escapeTerminalText(`${grant.toolset}.${grant.tool}`);
  return `${tool} ${shorten(grant.args, false, 160)}  (${escapeTerminalText(grant.granted_by)}, ${escapeTerminalText(formatTime(grant.granted_at))})`;
}
