/**
 * `llm-do mcp serve [DIR] [--http PORT]`: the project's entry and exported workers as the tools of
 * an MCP server, over stdio (default) or Streamable HTTP on 127.0.0.1. The project is checked and
 * every served worker planned before serving: a problem is exit 2, naming it. stdout is the
 * protocol in stdio mode; everything for people goes to stderr.
 */
import { createWorkerTools, describeServedTools } from '../../mcp-server/serve.ts';
import { reserveStdoutForProtocol, serveStdio } from '../../mcp-server/stdio.ts';
import { checkProject } from '../../project/check.ts';
import { formatDiagnostic } from '../../project/diagnostics.ts';
import { EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';
import { printError, type CliIO } from '../io.ts';
import { parsePortOption } from '../port-option.ts';
import { processFailure } from '../process-guard.ts';
import { openGrants, openRunLog, openRunTarget, runOptionsFromFlags, type RunFlags } from '../run-setup.ts';
import { VERSION } from '../version.ts';
import { reportProblems } from './check.ts';

/** Runs `mcp serve` until the client goes away (stdio) or Ctrl-C; answers the exit code. */
export async function runMcpServe(dir: string | undefined, flags: RunFlags, io: CliIO): Promise<number> {
  const port = flags.http === undefined ? undefined : parsePortOption(flags.http, '--http');
  // In stdio mode stdout is the protocol from the start: tool modules imported while planning must not write to it.
  const protocolOut = port === undefined ? reserveStdoutForProtocol() : undefined;
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const calls = new AbortController();
  let closeLog = async () => {};
  try {
    const { project: opened, entry } = await openRunTarget(dir, flags, io);
    const project = entry ? opened.withEntry(entry) : opened;
    const errors = (await checkProject(project)).filter((diagnostic) => diagnostic.severity === 'error');
    if (errors.length > 0) {
      for (const error of errors) printError(io, formatDiagnostic(error));
      printError(io, `llm-do: mcp serve: the project ${project.root} has ${errors.length} error(s) (llm-do check shows them); nothing is served`);
      return EXIT_USAGE;
    }
    const runOptions = runOptionsFromFlags(flags, io);
    const tools = await describeServedTools(project, {
      ...(runOptions.model ? { modelOverride: runOptions.model } : {}),
      env: io.env,
      grants: runOptions.mounts ?? [],
    });
    const log = await openRunLog(flags, project, io);
    closeLog = async () => log?.close();
    const grants = await openGrants(project, io);
    const workerTools = createWorkerTools({
      project,
      tools,
      runOptions: { ...runOptions, ...(log ? { store: log.store } : {}), ...(grants ? { grants } : {}) },
      version: VERSION,
      signal: calls.signal,
    });
    const serving = `llm-do mcp serve: ${tools.length} worker(s) of ${project.name} as MCP tools (${tools.map((tool) => tool.name).join(', ')})`;
    const stopped = AbortSignal.any([stop.signal, processFailure]);
    if (port === undefined) {
      printError(io, `${serving} over stdio`);
      await serveStdio(workerTools, { stdin: io.stdin, stdout: protocolOut!, signal: stopped });
    } else {
      const { serveHttp } = await import('../../mcp-server/http.ts');
      await serveHttp(workerTools, { port, signal: stopped, onListening: (url) => printError(io, `${serving} at ${url} (Ctrl-C stops)`) });
    }
    // The client is gone or the server stops: calls still running are cancelled, and recorded as such.
    calls.abort();
    await workerTools.drain();
    if (processFailure.aborted) throw processFailure.reason;
    printError(io, 'llm-do mcp serve: stopped');
    return EXIT_OK;
  } catch (error) {
    return reportProblems(error, io);
  } finally {
    calls.abort();
    await closeLog();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}
