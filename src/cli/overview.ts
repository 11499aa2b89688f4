/**
 * What `llm-do` alone (outside a project) and `llm-do help` print: a short overview with every
 * command, what it does and one example, read from commander's declarations, so a new command
 * appears here once it has an example below.
 */
import type { Command } from 'commander';

/** One example per command (by its path: `runs show`, `mcp serve`). */
export const COMMAND_EXAMPLES: Readonly<Record<string, string>> = {
  chat: 'llm-do chat examples/chat_assistant',
  check: 'llm-do check ./my-project',
  list: 'llm-do list ./my-project --json',
  init: 'llm-do init my-project --template pipeline',
  mcp: 'llm-do mcp list ./my-project',
  runs: 'llm-do runs show last',
  approvals: 'llm-do approvals',
  approve: 'llm-do approve RUN --all && llm-do resume RUN',
  deny: 'llm-do deny RUN ID --reason "not that file"',
  answer: 'llm-do answer RUN ID "Lisbon" && llm-do resume RUN',
  resume: 'llm-do resume last',
  promote: 'llm-do promote last summarizer',
  migrate: 'llm-do migrate ./old-project',
  models: 'llm-do models',
  keys: 'llm-do keys set anthropic',
  lib: 'llm-do lib install ./my-library',
  batch: 'llm-do batch ./my-project --inputs docs.jsonl --out results.jsonl',
  test: 'llm-do test ./my-project',
  ui: 'llm-do ui ./my-project',
  restate: 'llm-do restate serve ./my-project --register http://127.0.0.1:9070',
  doctor: 'llm-do doctor',
  completion: 'llm-do completion bash > ~/.llm-do-completion.bash',
  help: 'llm-do help batch',
};

export function formatOverview(program: Command): string {
  const commands = program.commands
    .filter((command) => !command.name().startsWith('__'))
    .map((command) => ({ name: command.name(), about: firstClause(command.description()), example: COMMAND_EXAMPLES[command.name()] }));
  const width = Math.max(...commands.map((command) => command.name.length));
  const lines = [
    'llm-do: LLM agents as plain files. A worker is YAML front matter plus an instruction template;',
    'a project is a folder of workers that call each other like functions, with declared tools,',
    'permissions and sandboxed files.',
    '',
    'Run a worker:',
    '  llm-do TARGET [INPUT] [options]     TARGET: a project directory, a worker file, or a worker name',
    '  llm-do examples/greeter "hi" --model test',
    '',
    'Commands:',
    ...commands.flatMap((command) => [
      `  ${command.name.padEnd(width)}  ${command.about}`,
      ...(command.example ? [`  ${' '.repeat(width)}    ${command.example}`] : []),
    ]),
    '',
    'llm-do help COMMAND shows the options of a command; llm-do --help those of a run.',
    'Docs: README.md and docs/ of the llm-do package.',
  ];
  return `${lines.join('\n')}\n`;
}

/** A description up to its first `;` or `(`, cut at a word to fit a line of a list. */
function firstClause(description: string): string {
  const cut = description.search(/[;(]/);
  const clause = (cut > 0 ? description.slice(0, cut) : description).trim();
  if (clause.length <= MAX_ABOUT) return clause;
  return `${clause.slice(0, clause.lastIndexOf(' ', MAX_ABOUT - 1))}…`;
}

const MAX_ABOUT = 70;
