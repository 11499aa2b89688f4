/**
 * Shell completion (issue 21): the bash script, loaded in a real bash, completes commands,
 * subcommands, options (from commander's declarations), option choices, worker ids of the project in
 * the current directory and model names; zsh reuses it through bashcompinit, fish calls the same
 * hidden command. A path being typed is left to the shell.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../project/fixture.ts';
import { CLI_BIN, REPO_ROOT, runCli } from './helpers/run-cli.ts';

const exec = promisify(execFile);

/** A PATH whose `llm-do` is the built CLI. */
function binDir(): string {
  const dir = tempDir('llm-do-completion-bin-');
  fs.writeFileSync(path.join(dir, 'llm-do'), `#!/bin/sh\nexec "${process.execPath}" "${CLI_BIN}" "$@"\n`, { mode: 0o755 });
  return dir;
}

/** What bash completes for `words` (the last one being typed), in `cwd`. */
async function bashComplete(words: string[], cwd = REPO_ROOT, home = tempDir('llm-do-completion-home-')): Promise<string[]> {
  const script = `source <(llm-do completion bash)\nCOMP_WORDS=(llm-do ${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length}; _llm_do_complete; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const { stdout } = await exec('bash', ['-c', script], { cwd, env: { PATH: `${binDir()}:${process.env.PATH}`, HOME: home, LLM_DO_HOME: home } });
  return stdout.split('\n').filter(Boolean);
}

describe('shell completion', { timeout: 60_000 }, () => {
  test('bash completes commands, subcommands, options and their choices', async () => {
    expect(await bashComplete(['ba'])).toEqual(['batch']);
    expect(await bashComplete(['runs', 's'])).toEqual(['search', 'show']);
    expect(await bashComplete(['batch', '--conc'])).toEqual(['--concurrency']);
    expect(await bashComplete(['batch', '--engine', ''])).toEqual(['in-process', 'restate']);
    expect(await bashComplete(['help', 'doc'])).toEqual(['doctor']);
    expect(await bashComplete(['./exa'])).toEqual([]);
  });

  test('bash completes the worker ids of the project here after --entry, and model names after --model', async () => {
    expect(await bashComplete(['.', '--entry', ''], path.join(REPO_ROOT, 'examples/pitch_deck_eval'))).toEqual(['deck_evaluator', 'main']);
    const models = await bashComplete(['.', '--model', 'an']);
    expect(models).toEqual(['anthropic:']);
    const project = tempDir('llm-do-completion-project-');
    fs.writeFileSync(path.join(project, 'project.yaml'), 'name: p\nmodels:\n  fast: anthropic:claude-haiku-4-5\n');
    fs.writeFileSync(path.join(project, 'main.worker'), '---\nname: main\n---\nHi.\n');
    expect(await bashComplete(['.', '--model', 'fa'], project)).toEqual(['fast']);
  });

  test('bash completes worker ids of a project named on the command line, templates, and recent run ids where a run is taken', async () => {
    const elsewhere = tempDir('llm-do-completion-cwd-');
    const deck = path.join(REPO_ROOT, 'examples/pitch_deck_eval');
    expect(await bashComplete([deck, '--entry', ''], elsewhere)).toEqual(['deck_evaluator', 'main']);
    expect(await bashComplete(['chat', '--project', deck, '--entry', ''], elsewhere)).toEqual(['deck_evaluator', 'main']);
    expect(await bashComplete(['init', 'x', '--template', ''])).toEqual(['minimal', 'pipeline', 'research-agent']);

    const home = tempDir('llm-do-completion-runs-');
    expect(await bashComplete(['resume', ''], REPO_ROOT, home)).toEqual([]);
    const ran = await runCli(['examples/greeter', 'hi', '--model', 'test', '--json'], { env: { LLM_DO_HOME: home } });
    expect(ran.code, ran.stderr).toBe(0);
    const listed = await runCli(['runs', '--json'], { env: { LLM_DO_HOME: home } });
    const id = JSON.parse(listed.stdout).runs[0].id as string;
    expect(await bashComplete(['resume', ''], REPO_ROOT, home)).toEqual([id, 'last'].sort());
    expect(await bashComplete(['runs', 'show', id.slice(0, 4)], REPO_ROOT, home)).toEqual([id]);
    expect(await bashComplete(['chat', '.', '--resume', 'la'], REPO_ROOT, home)).toEqual(['last']);
    // Once the run is given, what follows is not another run.
    expect(await bashComplete(['runs', 'show', id, ''], REPO_ROOT, home)).toEqual([]);
  });

  test('zsh and fish scripts call the same completer; an unknown shell is refused', async () => {
    const zsh = await runCli(['completion', 'zsh']);
    expect(zsh.stdout).toContain('bashcompinit');
    expect(zsh.stdout).toContain('llm-do __complete');
    const fish = await runCli(['completion', 'fish']);
    expect(fish.stdout).toContain("complete -c llm-do -f -a '(llm-do __complete (commandline -opc)[2..-1] (commandline -ct)");
    const bad = await runCli(['completion', 'tcsh']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('completion needs a shell: bash, zsh or fish, got "tcsh"');
  });
});
