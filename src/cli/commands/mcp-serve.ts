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
import { EXIT_USAGE } from '../exit-codes.ts';
import { printError, type CliIO } from '../io.ts';
import { parsePortOption } from '../port-option.ts';
import { openGrants, openRunLog, openRunTarget, runOptionsFromFlags } from '../run-setup.ts';
import { serveUntilStopped } from '../serve-until-stopped.ts';
import type { UnattendedRunFlags } from '../shared-flags.ts';
import { VERSION } from '../version.ts';
import { reportProblems } from './check.ts';

/** Options of `llm-do mcp serve`. */
export interface McpServeOptions extends UnattendedRunFlags {
  /** `--http PORT`: Streamable HTTP instead of stdio. */
  http?: string;
  /** `--model ID` for every worker of every call. */
  model?: string;
  /** `false` with `--no-log`. */
  log?: boolean;
}

/** Runs `mcp serve` until the client goes away (stdio) or Ctrl-C; answers the exit code. */
export function runMcpServe(dir: string | undefined, flags: McpServeOptions, io: CliIO): Promise<number> {
  return serveUntilStopped(io, {
    name: 'llm-do mcp serve',
    report: reportProblems,
    async serve(stop, { work, drain, release }) {
      const port = flags.http === undefined ? undefined : parsePortOption(flags.http, '--http');
      // In stdio mode stdout is the protocol from the start: tool modules imported while planning must not write to it.
      const protocolOut = port === undefined ? reserveStdoutForProtocol() : undefined;
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
      release(() => log?.close());
      const grants = await openGrants(project, io);
      const workerTools = createWorkerTools({
        project,
        tools,
        runOptions: { ...runOptions, ...(log ? { store: log.store } : {}), ...(grants ? { grants } : {}) },
        version: VERSION,
        signal: work,
      });
      // The client is gone or the server stops: calls still running are cancelled, and recorded as such.
      drain(() => workerTools.drain());
      const serving = `llm-do mcp serve: ${tools.length} worker(s) of ${project.name} as MCP tools (${tools.map((tool) => tool.name).join(', ')})`;
      if (protocolOut) {
        printError(io, `${serving} over stdio`);
        await serveStdio(workerTools, { stdin: io.stdin, stdout: protocolOut, signal: stop });
      } else {
        const { serveHttp } = await import('../../mcp-server/http.ts');
        await serveHttp(workerTools, { port: port!, signal: stop, onListening: (url) => printError(io, `${serving} at ${url} (Ctrl-C stops)`) });
      }
    },
  });
}
