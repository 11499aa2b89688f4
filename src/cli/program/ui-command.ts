/** `llm-do ui`: the local web page over the run log. */
import type { Command } from 'commander';
import type { UiOptions } from '../commands/ui.ts';
import type { CommandContext } from './command-context.ts';
import { addProjectOptions } from './shared-options.ts';

export function registerUiCommand(program: Command, { io, action }: CommandContext): void {
  const ui = program
    .command('ui')
    .description('a local web page over the run log: runs, live call trees, prompts, tool calls and cost; decide pending approvals, resume and start runs')
    .argument('[dir]', 'project to start runs in (default: detected from the current directory; without one, runs can only be watched and resumed)')
    .option('--port <port>', 'port on 127.0.0.1 to serve the page on (default 0: any free port)')
    .option('--model <id>', 'model for every run started in the page, e.g. anthropic:claude-sonnet-4-5 or test');
  addProjectOptions(ui)
    .addHelpText('after', '\nExamples:\n  llm-do ui\n  llm-do ui ./my-project --port 8765\n')
    .action(action(async (dir: string | undefined, options: UiOptions) => (await import('../commands/ui.ts')).runUi(dir, options, io)));
}
