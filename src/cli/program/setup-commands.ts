/** What llm-do works with on this machine: `models` (providers and aliases), `keys`, `lib` (installed libraries). */
import type { Command } from 'commander';
import type { ProjectCommandOptions } from '../commands/check.ts';
import type { KeysListOptions } from '../commands/keys.ts';
import type { LibListOptions } from '../commands/lib.ts';
import type { CommandContext } from './command-context.ts';

export function registerSetupCommands(program: Command, context: CommandContext): void {
  registerModelsCommand(program, context);
  registerKeysCommands(program, context);
  registerLibCommands(program, context);
}

function registerModelsCommand(program: Command, { io, action }: CommandContext): void {
  const models = program
    .command('models')
    .description(
      'list providers (built-in, project, user config), aliases and what they resolve to, whether each provider has a key, the default model and prices',
    )
    .argument('[dir]', 'project directory (default: the current directory, if it is a project)')
    .option('--project <dir>', 'project root')
    .option('--json', 'print one JSON object {providers, aliases, default_model, prices}')
    .addHelpText('after', '\nExamples:\n  llm-do models\n  llm-do models ./my-project --json\n  llm-do models alias set fast anthropic:claude-haiku-4-5\n')
    .action(
      action(async (dir: string | undefined, options: Omit<ProjectCommandOptions, 'dir'>) =>
        (await import('../commands/models.ts')).runModels({ dir, project: options.project, json: options.json }, io),
      ),
    );
  const alias = models.command('alias').description('edit the model aliases of the user config ($LLM_DO_HOME/config.yaml)');
  alias
    .command('set')
    .description('make NAME stand for MODEL (a provider:model id or another alias) in every project')
    .argument('<name>', 'alias name: letters, digits, _ . - (no colon)')
    .argument('<model>', 'provider:model id (e.g. anthropic:claude-haiku-4-5) or another alias')
    .addHelpText('after', '\nExample:\n  llm-do models alias set fast anthropic:claude-haiku-4-5\n')
    .action(action(async (name: string, model: string) => (await import('../commands/model-alias.ts')).runModelAliasSet(name, model, io)));
  alias
    .command('rm')
    .alias('remove')
    .description('remove the alias NAME from the user config')
    .argument('<name>', 'alias name')
    .addHelpText('after', '\nExample:\n  llm-do models alias rm fast\n')
    .action(action(async (name: string) => (await import('../commands/model-alias.ts')).runModelAliasRemove(name, io)));
}

/** `keys set`, `keys list`, `keys remove`. */
function registerKeysCommands(program: Command, { io, action }: CommandContext): void {
  const keys = program
    .command('keys')
    .description("API keys stored in $LLM_DO_HOME/keys.json (owner-only); a provider's environment variable wins over its stored key")
    .addHelpText(
      'after',
      '\nExamples:\n  llm-do keys set anthropic\n  llm-do keys set openai < openai-key.txt\n  llm-do keys list\n  llm-do keys remove openai\n',
    );
  keys
    .command('set')
    .description('store the key of PROVIDER, read from a hidden prompt (or from stdin when piped)')
    .argument('<provider>', 'provider name: anthropic, openai, google, openai-compatible, or one of the providers: of project.yaml or config.yaml')
    .addHelpText('after', '\nExamples:\n  llm-do keys set anthropic\n  printf %s "$KEY" | llm-do keys set openai\n')
    .action(action(async (provider: string) => (await import('../commands/keys.ts')).runKeysSet(provider, io)));
  keys
    .command('list')
    .description('which providers have a key and where it comes from (environment or stored), never the key')
    .option('--json', 'print one JSON object {file, keys: [{provider, env, source}]}')
    .addHelpText('after', '\nExample:\n  llm-do keys list --json\n')
    .action(action(async (options: KeysListOptions) => (await import('../commands/keys.ts')).runKeysList(options, io)));
  keys
    .command('remove')
    .description('delete the stored key of PROVIDER')
    .argument('<provider>', 'provider name')
    .addHelpText('after', '\nExample:\n  llm-do keys remove openai\n')
    .action(action(async (provider: string) => (await import('../commands/keys.ts')).runKeysRemove(provider, io)));
}

/** `lib install`, `lib list`, `lib remove`, `lib info`. */
function registerLibCommands(program: Command, { io, action }: CommandContext): void {
  const lib = program
    .command('lib')
    .description('manage installed libraries ($LLM_DO_HOME/libs, default ~/.llm-do/libs)')
    .addHelpText('after', '\nExamples:\n  llm-do lib install ./my-lib\n  llm-do lib list --json\n  llm-do lib info utils\n  llm-do lib remove utils@1.0.0\n');
  lib
    .command('install')
    .description('validate a library directory (with lib.yaml) and install it as NAME@VERSION')
    .argument('<path>', 'library directory')
    .addHelpText('after', '\nExample:\n  llm-do lib install ./my-lib      copies it to $LLM_DO_HOME/libs/NAME@VERSION\n')
    .action(action(async (path: string) => (await import('../commands/lib.ts')).runLibInstall(path, io)));
  lib
    .command('list')
    .description('list installed libraries')
    .option('--json', 'print a JSON array')
    .addHelpText('after', '\nExamples:\n  llm-do lib list\n  llm-do lib list --json\n')
    .action(action(async (options: LibListOptions) => (await import('../commands/lib.ts')).runLibList(options, io)));
  lib
    .command('remove')
    .description('remove an installed library (every version, or just NAME@VERSION)')
    .argument('<spec>', 'NAME or NAME@VERSION')
    .addHelpText('after', '\nExamples:\n  llm-do lib remove utils           every installed version\n  llm-do lib remove utils@1.0.0     just that version\n')
    .action(action(async (spec: string) => (await import('../commands/lib.ts')).runLibRemove(spec, io)));
  lib
    .command('info')
    .description('show an installed library: versions, description, exports, dependencies')
    .argument('<name>', 'library name')
    .addHelpText('after', '\nExample:\n  llm-do lib info utils\n')
    .action(action(async (name: string) => (await import('../commands/lib.ts')).runLibInfo(name, io)));
}
