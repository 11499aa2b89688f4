/**
 * Commands over a project's files: `check`, `list` and `init`; `promote`, which writes a worker a run
 * made into the project; `test`, which runs its test cases; `migrate`, which rewrites a project of
 * the Python llm-do into today's format.
 */
import type { Command } from 'commander';
import type { CheckCommandOptions, ProjectCommandOptions } from '../commands/check.ts';
import type { InitOptions } from '../commands/init.ts';
import type { MigrateOptions } from '../commands/migrate.ts';
import type { PromoteOptions } from '../commands/promote.ts';
import type { TestFlags } from '../commands/test.ts';
import type { CommandContext } from './command-context.ts';
import { collect } from './shared-options.ts';

/** `check`, `list`, `init`. */
export function registerProjectCommands(program: Command, { io, action }: CommandContext): void {
  program
    .command('check')
    .description('validate a project without running its code: workers, references, schemas, templates, tool modules, libraries (exit 0 or 2)')
    .argument('[dir]', 'project directory', '.')
    .option('--project <dir>', 'project root')
    .option('--lib <path>', 'library directory to search (repeatable)', collect)
    .option('--import-tools', 'also import tool and schema modules to verify them (runs project code)')
    .option('--allow-module-imports', 'allow tool modules outside the project, bare module names, and imports llm-do cannot follow')
    .option('--connect', 'also start the MCP servers the workers use and check their tools: selections against what they offer')
    .option('--json', 'print the problems as JSON')
    .addHelpText('after', '\nExample:\n  llm-do check examples/calculator\n')
    .action(action(async (dir: string, options: Omit<CheckCommandOptions, 'dir'>) => (await import('../commands/check.ts')).runCheck({ dir, ...options }, io)));

  program
    .command('list')
    .description('list the workers of a project: id, file, description, model')
    .argument('[dir]', 'project directory', '.')
    .option('--project <dir>', 'project root')
    .option('--lib <path>', 'library directory to search (repeatable)', collect)
    .option('--json', 'print a JSON array')
    .addHelpText('after', '\nExample:\n  llm-do list examples/research_pipeline --json\n')
    .action(action(async (dir: string, options: Omit<ProjectCommandOptions, 'dir'>) => (await import('../commands/list.ts')).runList({ dir, ...options }, io)));

  program
    .command('init')
    .description('create a new project from a template (minimal, pipeline, research-agent)')
    .argument('[name]', 'directory to create; its last part becomes the project name')
    .option('--template <name>', 'project template (default: minimal)')
    .option('--list-templates', 'list the templates with a one-line description')
    .addHelpText('after', '\nExamples:\n  llm-do init my-project\n  llm-do init my-project --template research-agent\n  llm-do init --list-templates\n')
    .action(
      action(async (name: string | undefined, options: Pick<InitOptions, 'template' | 'listTemplates'>) =>
        (await import('../commands/init.ts')).runInit({ name, ...options }, io),
      ),
    );
}

/** `promote`. */
export function registerPromoteCommand(program: Command, { io, action }: CommandContext): void {
  program
    .command('promote')
    .description('write a worker that worker_create made in a run into the project as a worker file, after showing it')
    .argument('<run>', 'a run id, a unique prefix of one, or "last"')
    .argument('<name>', 'the name the worker was created with')
    .option('--to <path>', 'the .worker file to write, in the workers directory (default: workers/NAME.worker)')
    .option('-y, --yes', 'write without asking (without a terminal, nothing is written unless given)')
    .addHelpText('after', '\nExamples:\n  llm-do promote last summarizer\n  llm-do promote 01a2f3 summarizer --to workers/notes/summarize.worker --yes\n')
    .action(action(async (ref: string, name: string, options: PromoteOptions) => (await import('../commands/promote.ts')).runPromote(ref, name, options, io)));
}

/** `test`. */
export function registerTestCommand(program: Command, { io, action }: CommandContext): void {
  program
    .command('test')
    .description('run the *.test.yaml cases of a project, each in a fresh copy of it, offline with scripted models (docs/testing.md)')
    .argument('[dir]', 'project directory, a directory inside one, or one .test.yaml file (default: the current directory)')
    .option('--filter <text>', 'only the cases whose "FILE: NAME" contains TEXT')
    .option('--json', 'print one JSON object {passed, failed, cases: [{file, name, passed, failures, duration_ms}]}')
    .option('--junit <file>', 'also write a JUnit XML report to FILE')
    .option('--live', 'let cases use real providers (API keys from the environment or llm-do keys)')
    .option('--update', 'record the cassettes of cases that replay one again, from the real models (needs --live)')
    .option('--lib <path>', 'library directory to search (repeatable)', collect)
    .addHelpText('after', '\nExamples:\n  llm-do test examples/greeter\n  llm-do test . --filter "refuses" --junit report.xml\n')
    .action(action(async (dir: string | undefined, options: TestFlags) => (await import('../commands/test.ts')).runTestCommand(dir, options, io)));
}

/** `migrate`. */
export function registerMigrateCommand(program: Command, { io, action }: CommandContext): void {
  program
    .command('migrate')
    .description("rewrite a project of the Python llm-do's .worker format to today's: shows the diff, then writes it (docs/migrating.md)")
    .argument('[dir]', 'project directory', '.')
    .option('-y, --yes', 'write without asking (without a terminal, nothing is written unless given; exit 1)')
    .addHelpText('after', '\nExamples:\n  llm-do migrate old-project\n  llm-do migrate . --yes\n')
    .action(action(async (dir: string, options: MigrateOptions) => (await import('../commands/migrate.ts')).runMigrate(dir, options, io)));
}
