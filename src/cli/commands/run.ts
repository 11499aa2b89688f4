/** `llm-do TARGET [INPUT]`: run a project's entry worker (or a worker file) and print its answer. */
import { relative, resolve } from 'node:path';
import { UsageError } from '../../errors.ts';
import { loadProject } from '../../project/load-project.ts';
import { detectTarget } from '../../project/target.ts';
import { runWorker, type RunWorkerOptions } from '../../runtime/run-worker.ts';
import { parseOverride } from '../../runtime/overrides.ts';
import { parseMountGrant } from '../../sandbox/mount-table.ts';
import { createNodeFileSystem } from '../../sandbox/node-file-system.ts';
import { exitCodeFor, EXIT_OK, reportError } from '../exit-codes.ts';
import { printLine, type CliIO } from '../io.ts';
import { createProgressRenderer } from '../progress.ts';
import { readStdin } from '../read-stdin.ts';
import { createTerminalPrompter } from '../terminal-prompter.ts';
import { createTraceWriter } from '../trace-writer.ts';

export interface RunCommandInput {
  target: string | undefined;
  input: string | undefined;
  options: Record<string, any>;
}

export async function runCommand({ target, input, options }: RunCommandInput, io: CliIO): Promise<number> {
  const trace = options.trace ? createTraceWriter(resolve(io.cwd, options.trace)) : undefined;
  const abort = new AbortController();
  const onSigint = () => abort.abort();
  process.once('SIGINT', onSigint);
  try {
    const fs = createNodeFileSystem();
    const located = await detectTarget(target, {
      fs,
      cwd: io.cwd,
      project: options.project,
      noProject: options.project === false,
      env: io.env,
      homeDir: io.homeDir,
    });
    const project = await loadProject({
      fs,
      root: located.root,
      ...(located.standaloneFile ? { standalone: { file: located.standaloneFile } } : {}),
      libPaths: (options.lib ?? []).map((path: string) => resolve(io.cwd, path)),
      env: io.env,
      homeDir: io.homeDir,
      ...(options.allowModuleImports ? { allowModuleImports: true } : {}),
      importTools: options.importTools !== false,
    });
    const stdinIsInput = input === '-' || (input === undefined && options.input === undefined && !io.stdin.isTTY);
    const runInput = await resolveInput(input, options.input, stdinIsInput, io);
    const approval = options.approveAll ? 'approve_all' : options.autoDeny || options.strict ? 'auto_deny' : undefined;
    const entry =
      options.entry ?? (located.workerFile && !located.standaloneFile ? `./${relative(located.root, located.workerFile)}` : undefined);
    const progress = options.quiet ? undefined : createProgressRenderer({ write: (text) => io.stderr.write(text), verbose: Boolean(options.verbose) });

    const runOptions: RunWorkerOptions = {
      project,
      ...(entry ? { entry } : {}),
      input: runInput,
      attachments: (options.attach ?? []).map((file: string) => resolve(io.cwd, file)),
      ...(options.model ? { model: options.model } : {}),
      ...(approval ? { approval } : {}),
      // Only a terminal on stdin can answer approval prompts (and not when stdin carried the input).
      ...(io.stdin.isTTY && !stdinIsInput ? { prompter: createTerminalPrompter(io.stdin, io.stderr) } : {}),
      ...(options.maxDepth !== undefined ? { maxDepth: parseDepth(options.maxDepth) } : {}),
      mounts: (options.mount ?? []).map((spec: string) => parseMountGrant(spec, io.cwd)),
      set: (options.set ?? []).map(parseOverride),
      stream: options.stream !== false,
      signal: abort.signal,
      env: io.env,
      onEvent: (event) => {
        trace?.write(event);
        progress?.(event);
      },
    };
    const result = await runWorker(runOptions).result;
    await trace?.close();

    if (options.json) {
      printLine(io, JSON.stringify({
        worker: result.worker,
        output: result.output ?? null,
        usage: result.usage,
        status: result.status,
        ...(result.error ? { error: result.error.message } : {}),
      }));
    } else if (result.status === 'ok') {
      const output = typeof result.output === 'string' ? result.output : JSON.stringify(result.output, null, 2);
      io.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    }
    if (result.error) return options.json ? exitCodeFor(result.error) : reportError(result.error, io);
    return EXIT_OK;
  } catch (error) {
    await trace?.close().catch(() => undefined);
    return reportError(error, io);
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

async function resolveInput(
  positional: string | undefined,
  json: string | undefined,
  fromStdin: boolean,
  io: CliIO,
): Promise<string | Record<string, unknown>> {
  if (json !== undefined) {
    if (positional !== undefined) throw new UsageError('give the input either as INPUT or with --input, not both');
    try {
      return JSON.parse(json) as Record<string, unknown>;
    } catch (error) {
      throw new UsageError(`--input is not valid JSON (${(error as Error).message}); e.g. --input '{"topic": "tides"}'`);
    }
  }
  if (fromStdin) return readStdin(io.stdin);
  return positional ?? '';
}

function parseDepth(value: string): number {
  const depth = Number(value);
  if (!Number.isInteger(depth) || depth < 0) throw new UsageError(`--max-depth expects a whole number ≥ 0, got "${value}"`);
  return depth;
}
