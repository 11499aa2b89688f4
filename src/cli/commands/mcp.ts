/**
 * `llm-do mcp …`: the MCP commands. `mcp list [DIR] [--json]` starts the servers the project configures,
 * lists their tools with the name the model sees and, per worker using the server, the rule each tool
 * runs under; then stops them.
 */
import type { Diagnostic } from '../../project/diagnostics.ts';
import { formatDiagnostic } from '../../project/diagnostics.ts';
import { inspectMcpServers, type McpServerListing } from '../mcp-inspection.ts';
import { EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';
import { printError, printLine, type CliIO } from '../io.ts';
import { escapeTerminalText, terminalSafeJson } from '../terminal-text.ts';
import { loadCommandProject, reportProblems, type ProjectCommandOptions } from './check.ts';
import { loadProjectWorkers } from '../../project/project-workers.ts';

/** Runs `mcp list`: exit 0, or 2 when a server failed to start or a worker's configuration is wrong. */
export async function runMcpList(options: ProjectCommandOptions, io: CliIO): Promise<number> {
  try {
    const project = await loadCommandProject(options, io);
    const { workers, diagnostics: loadProblems } = await loadProjectWorkers(project);
    const { servers, diagnostics } = await inspectMcpServers(project, workers, { env: io.env, onlyUsed: false });
    const problems: Diagnostic[] = [...loadProblems, ...diagnostics];
    if (options.json) printLine(io, terminalSafeJson({ servers, diagnostics: problems }, 2));
    else {
      if (servers.length === 0)
        printError(io, `no MCP servers configured (mcp_servers in ${project.manifestFile ?? 'the manifest'} or $LLM_DO_HOME/config.yaml)`);
      for (const server of servers) for (const line of serverLines(server)) printLine(io, line);
      for (const problem of problems) printError(io, `llm-do: ${formatDiagnostic(problem)}`);
    }
    return problems.some((problem) => problem.severity === 'error') ? EXIT_USAGE : EXIT_OK;
  } catch (error) {
    return reportProblems(error, io, options.json);
  }
}

function serverLines(server: McpServerListing): string[] {
  const safe = escapeTerminalText;
  const used = server.workers.length > 0 ? `used by ${server.workers.join(', ')}` : 'used by no worker';
  const head = `${safe(server.name)} (${server.transport}, ${safe(server.source)}; ${used})`;
  if (!server.tools) return [head, `  failed: ${safe(server.error ?? '')}`];
  const tools = server.tools.map((tool) => {
    const rules = Object.entries(tool.rules).map(([worker, rule]) => `${worker}: ${rule}`);
    const hints = Object.entries(tool.annotations)
      .filter(([, value]) => value === true)
      .map(([key]) => key);
    return `  ${safe(tool.tool)}  ${rules.length > 0 ? rules.join(', ') : 'offered to no worker'}${hints.length > 0 ? `  [server says: ${safe(hints.join(', '))}]` : ''}`;
  });
  return [head, ...(tools.length > 0 ? tools : ['  (no tools)'])];
}
