/** `mcp list`: the MCP servers a project uses; `mcp serve`: its workers as an MCP server. */
import type { Command } from 'commander';
import type { ProjectCommandOptions } from '../commands/check.ts';
import type { McpServeOptions } from '../commands/mcp-serve.ts';
import type { CommandContext } from './command-context.ts';
import { addUnattendedRunOptions } from './shared-options.ts';

export function registerMcpCommands(program: Command, { io, action }: CommandContext): void {
  const mcp = program
    .command('mcp')
    .description('MCP: list the servers a project configures and what they offer; serve its workers to MCP clients')
    .addHelpText('after', '\nExamples:\n  llm-do mcp list ./my-project --json\n  llm-do mcp serve ./my-project --http 8808\n');
  mcp
    .command('list')
    .description('start the MCP servers of a project, list their tools as the model sees them and the rule of each per worker, then stop them')
    .argument('[dir]', 'project directory', '.')
    .option('--project <dir>', 'project root')
    .option('--json', 'print one JSON object {servers, diagnostics}')
    .addHelpText('after', '\nExample:\n  llm-do mcp list ./my-project --json\n')
    .action(
      action(async (dir: string, options: Omit<ProjectCommandOptions, 'dir'>) => (await import('../commands/mcp.ts')).runMcpList({ dir, ...options }, io)),
    );

  const serve = mcp
    .command('serve')
    .description(
      'serve the entry worker and the exported workers of a project as MCP tools, over stdio (default) or HTTP on 127.0.0.1; each call is a recorded run',
    )
    .argument('[dir]', 'project directory (default: detected from the current directory)')
    .option('--http <port>', 'serve Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio (0: any free port)')
    .option('--model <id>', 'model for every worker of every call, e.g. anthropic:claude-sonnet-4-5');
  addUnattendedRunOptions(
    serve,
    ['approve', 'deny'],
    'how tool calls that ask are decided: approve or deny them all (default: denied, since nobody can be asked)',
  )
    .option('--no-log', "do not record the calls' runs in the run log ($LLM_DO_HOME/runs.db)")
    .addHelpText(
      'after',
      '\nExamples:\n  llm-do mcp serve ./my-project --model anthropic:claude-sonnet-4-5\n  llm-do mcp serve ./my-project --http 8808 --approve-all\n',
    )
    .action(action(async (dir: string | undefined, options: McpServeOptions) => (await import('../commands/mcp-serve.ts')).runMcpServe(dir, options, io)));
}
