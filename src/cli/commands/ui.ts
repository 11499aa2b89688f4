/**
 * `llm-do ui [DIR] [--port N]`: a local web page over the run log (docs/ui.md), on
 * 127.0.0.1 only, at a URL with a random token. It runs until Ctrl-C; runs started or resumed in the
 * page run in this process, and Ctrl-C interrupts them (recorded as `interrupted`, resumable).
 */
import { EXIT_OK, reportError } from '../exit-codes.ts';
import { personAtHost, printError, type CliIO } from '../io.ts';
import { parsePortOption } from '../port-option.ts';
import { processFailure } from '../process-guard.ts';
import { journalProblemWarning, openRunLogDatabase, runLogPath, type RunFlags } from '../run-setup.ts';
import { createUiLauncher } from '../ui-launcher.ts';

export async function runUi(dir: string | undefined, flags: RunFlags, io: CliIO): Promise<number> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const runs = new AbortController();
  let closeLog = () => {};
  try {
    const port = flags.port === undefined ? 0 : parsePortOption(flags.port, '--port');
    const { defaultPageDirectory, readPageAssets } = await import('../../ui/assets.ts');
    const assets = readPageAssets(defaultPageDirectory());
    const { db, store } = await openRunLogDatabase(io);
    closeLog = () => db.close();
    const launcher = await createUiLauncher(dir, flags, io, runs.signal);
    const { serveUi } = await import('../../ui/server.ts');
    const { createToken } = await import('../../ui/security.ts');
    const where = 'unavailable' in launcher.project ? 'runs of every project' : `project ${launcher.project.name}`;
    await serveUi({
      port,
      db,
      ingest: () => store.ingestRunJournals(db, runLogPath(io), journalProblemWarning(io)),
      assets,
      launcher,
      decidedBy: personAtHost(io),
      token: createToken(),
      signal: AbortSignal.any([stop.signal, processFailure]),
      onListening: (url) => printError(io, `llm-do ui: ${where} at ${url}  (Ctrl-C stops)`),
    });
    // Runs of this process end as interrupted, and are recorded so, before the log closes.
    runs.abort();
    await launcher.drain();
    if (processFailure.aborted) throw processFailure.reason;
    printError(io, 'llm-do ui: stopped');
    return EXIT_OK;
  } catch (error) {
    return reportError(error, io);
  } finally {
    runs.abort();
    closeLog();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}
