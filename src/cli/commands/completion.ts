/**
 * Shell completion (`llm-do completion bash|zsh|fish`): the script each shell loads asks the hidden
 * `llm-do __complete WORDS…` for the candidates of the last word: commands and subcommands and their
 * options (read from commander's declarations, so new ones complete at once), worker ids after
 * `--entry`/`--worker` (of the project named on the command line, by `--project` or as a directory
 * argument, else the current directory's), model aliases and providers after `--model`, templates
 * after `--template`, and recent run ids (and `last`) where a command takes a run.
 */
import { posix } from 'node:path';
import type { Command, Option } from 'commander';
import { UsageError } from '../../errors.ts';
import { mergeModelConfig } from '../../models/model-config.ts';
import { providerSpecs } from '../../models/registry.ts';
import { readUserConfig, userConfigPath } from '../../project/user-config.ts';
import { createNodeFileSystem } from '../../sandbox/node-file-system.ts';
import { EXIT_OK } from '../exit-codes.ts';
import type { CliIO } from '../io.ts';
import { openRunLogDatabase, runLogPath } from '../run-setup.ts';
import { INIT_TEMPLATES } from './init.ts';

/** How many recent runs a run argument is completed from. */
const RECENT_RUNS = 20;

const SCRIPTS: Readonly<Record<string, string>> = {
  bash: `# llm-do completion for bash: add to ~/.bashrc
#   source <(llm-do completion bash)
_llm_do_complete() {
  local IFS=$'\\n'
  COMPREPLY=($(llm-do __complete "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
}
complete -o default -F _llm_do_complete llm-do
`,
  zsh: `# llm-do completion for zsh: add to ~/.zshrc
#   source <(llm-do completion zsh)
autoload -U +X bashcompinit && bashcompinit
_llm_do_complete() {
  local IFS=$'\\n'
  COMPREPLY=($(llm-do __complete "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
}
complete -o default -F _llm_do_complete llm-do
`,
  fish: `# llm-do completion for fish: save as ~/.config/fish/completions/llm-do.fish
#   llm-do completion fish > ~/.config/fish/completions/llm-do.fish
complete -c llm-do -f -a '(llm-do __complete (commandline -opc)[2..-1] (commandline -ct) 2>/dev/null)'
`,
};

export function runCompletionScript(shell: string | undefined, io: CliIO): number {
  const script = shell === undefined ? undefined : SCRIPTS[shell];
  if (script === undefined)
    throw new UsageError(
      `completion needs a shell: bash, zsh or fish, got ${shell === undefined ? 'none' : JSON.stringify(shell)}; e.g. source <(llm-do completion bash)`,
    );
  io.stdout.write(script);
  return EXIT_OK;
}

/** `__complete WORDS…`: the candidates for the last word (the one being typed), one a line. */
export async function runComplete(program: Command, words: readonly string[], io: CliIO): Promise<number> {
  const current = words.at(-1) ?? '';
  const before = words.slice(0, -1);
  const candidates = await candidatesFor(program, before, current, io);
  const matching = [...new Set(candidates)].filter((candidate) => candidate.startsWith(current)).sort();
  if (matching.length > 0) io.stdout.write(`${matching.join('\n')}\n`);
  return EXIT_OK;
}

async function candidatesFor(program: Command, before: readonly string[], current: string, io: CliIO): Promise<string[]> {
  // The (sub)command the words so far name.
  let command = program;
  for (const word of before) {
    const sub = visible(command).find((candidate) => candidate.name() === word);
    if (sub) command = sub;
  }
  const previous = before.at(-1);
  const option = previous?.startsWith('-') ? command.options.find((candidate) => candidate.long === previous || candidate.short === previous) : undefined;
  if (option?.long === '--model') return modelNames(io);
  if (option?.long === '--entry' || option?.long === '--worker') return workerIds(io, await projectNamed(before, io));
  if (option?.long === '--template') return Object.keys(INIT_TEMPLATES);
  if (option?.long === '--resume') return runIds(io);
  if (option?.argChoices) return option.argChoices;
  if (option?.required) return [];
  if (current.startsWith('-')) return command.options.filter((candidate) => !candidate.hidden).flatMap(optionNames);
  if (command.name() === 'help') return visible(program).map((candidate) => candidate.name());
  if (takesRunNext(command, before)) return runIds(io);
  // A path being typed (./, ../, ~/, a/b): the shell completes files.
  if (/[./~]/.test(current)) return [];
  const subcommands = visible(command).map((candidate) => candidate.name());
  // After a command's own words, its arguments are files (the shell completes them).
  return command === program && before.length > 0 ? [] : subcommands;
}

function visible(command: Command): Command[] {
  return command.commands.filter((candidate) => !candidate.name().startsWith('__'));
}

function optionNames(option: Option): string[] {
  return [option.long, option.short].filter((name): name is string => name !== undefined);
}

/** Whether the next word is the command's run argument (`resume RUN`, `runs show RUN`): its first argument, not yet typed. */
function takesRunNext(command: Command, before: readonly string[]): boolean {
  const first = command.registeredArguments[0];
  if (!first || !/^runs?$/.test(first.name())) return false;
  const at = before.lastIndexOf(command.name());
  const typed = before.slice(at + 1).filter((word, i, words) => !word.startsWith('-') && !words[i - 1]?.startsWith('-'));
  return typed.length === 0 || first.variadic;
}

/** The project directory the words name (`--project DIR`, or a directory argument), else the current directory. */
async function projectNamed(before: readonly string[], io: CliIO): Promise<string> {
  const fs = createNodeFileSystem();
  const flagged = before.indexOf('--project');
  if (flagged >= 0 && before[flagged + 1]) return posix.resolve(io.cwd, before[flagged + 1]!);
  for (const word of before) {
    if (word.startsWith('-')) continue;
    const dir = posix.resolve(io.cwd, word);
    if ((await fs.stat(dir).catch(() => undefined))?.kind === 'directory') return dir;
  }
  return io.cwd;
}

/** The recent run ids of the run log, newest first, and `last`; none when there is no run log yet. */
async function runIds(io: CliIO): Promise<string[]> {
  try {
    if (!(await createNodeFileSystem().stat(runLogPath(io)))) return [];
    const { db, store } = await openRunLogDatabase(io);
    try {
      return ['last', ...store.listRuns(db, { limit: RECENT_RUNS }).map((run) => run.id)];
    } finally {
      db.close();
    }
  } catch {
    return [];
  }
}

/** Worker ids of the project at `root` (none outside one). */
async function workerIds(io: CliIO, root: string): Promise<string[]> {
  try {
    const { loadProject } = await import('../../project/load-project.ts');
    const project = await loadProject({ fs: createNodeFileSystem(), root, env: io.env, homeDir: io.homeDir, importTools: false });
    return (await project.scanWorkers()).map((entry) => entry.id);
  } catch {
    return [];
  }
}

/** Model aliases of the user config and the project here, the providers as `provider:`, and `test`. */
async function modelNames(io: CliIO): Promise<string[]> {
  const fs = createNodeFileSystem();
  const user = await readUserConfig(fs, userConfigPath(io)).catch(() => undefined);
  let manifest;
  try {
    const { loadProject } = await import('../../project/load-project.ts');
    manifest = (await loadProject({ fs, root: io.cwd, env: io.env, homeDir: io.homeDir, importTools: false })).manifest;
  } catch {
    manifest = undefined;
  }
  const config = mergeModelConfig(user, manifest);
  return [...Object.keys(config.aliases), ...[...providerSpecs(config.providers).keys()].map((name) => `${name}:`), 'test'];
}
