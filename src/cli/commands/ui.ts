/**
 * `llm-do ui [DIR] [--port N]`: a local web page over the run log (docs/ui.md), on 127.0.0.1 only,
 * at a URL with a random token. It runs until Ctrl-C; runs started or resumed in the page run in
 * this process, and Ctrl-C interrupts them (recorded as `interrupted`, resumable).
 */
import { join } from 'node:path';
import { reportError } from '../exit-codes.ts';
import { llmDoHome } from '../llm-do-home.ts';
import { personAtHost, printError, type CliIO } from '../io.ts';
import { parsePortOption } from '../port-option.ts';
import { journalProblemWarning, openRunLogDatabase, runLogPath } from '../run-setup.ts';
import { serveUntilStopped } from '../serve-until-stopped.ts';
import type { ProjectFlags } from '../shared-flags.ts';
import { createUiLauncher } from '../ui-launcher.ts';

/** Options of `llm-do ui`. */
export interface UiOptions extends ProjectFlags {
  /** `--port N` on 127.0.0.1. @default 0 (any free port) */
  port?: string;
  /** `--model ID` for every run started in the page. */
  model?: string;
}

export function runUi(dir: string | undefined, flags: UiOptions, io: CliIO): Promise<number> {
  return serveUntilStopped(io, {
    name: 'llm-do ui',
    report: reportError,
    async serve(stop, { work, drain, release }) {
      const port = flags.port === undefined ? 0 : parsePortOption(flags.port, '--port');
      const { defaultPageDirectory, readPageAssets } = await import('../../ui/assets.ts');
      const assets = readPageAssets(defaultPageDirectory());
      const { db, store } = await openRunLogDatabase(io);
      release(() => void db.close());
      const launcher = await createUiLauncher(dir, flags, io, work);
      // Runs of this process end as interrupted, and are recorded so, before the log closes.
      drain(() => launcher.drain());
      const { serveUi } = await import('../../ui/server.ts');
      const { createToken } = await import('../../ui/security.ts');
      const where = 'unavailable' in launcher.project ? 'runs of every project' : `project ${launcher.project.name}`;
      await serveUi({
        port,
        db,
        ingest: () => store.ingestRunJournals(db, runLogPath(io), journalProblemWarning(io)),
        assets,
        evalsDir: join(llmDoHome(io), 'evals'),
        launcher,
        decidedBy: personAtHost(io),
        token: createToken(),
        signal: stop,
        onListening: (url) => printError(io, `llm-do ui: ${where} at ${url}  (Ctrl-C stops)`),
      });
    },
  });
}
