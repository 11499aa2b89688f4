/**
 * The child process that compiles a tool or schema module for the CLI (module-compiler.ts): reads a
 * `CompileRequest` on stdin, compiles the module's closure into the compiled-module cache (the
 * closure reading compiles each file it follows, as a run would), and writes `{"code": …}`, the
 * requested file's compiled code, on stdout. It runs no project code.
 */
import { moduleClosure } from '../modules/module-closure.ts';
import { cacheCompiledModules, compileHere } from '../modules/module-loader.ts';
import type { CompileRequest } from './module-compiler.ts';

/** Compiles what `request` asks for (see above) and returns the requested file's code. */
function compile({ cacheDir, options }: CompileRequest): string {
  cacheCompiledModules(() => cacheDir);
  const filename = options.filename!;
  try {
    // Fills the cache for every local file the module runs.
    moduleClosure(filename);
  } catch {
    // A file that does not compile is the parent's to report: it gets the code that reports it, below.
  }
  return compileHere(filename, options);
}

const chunks: Buffer[] = [];
process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
process.stdin.on('end', () => process.stdout.write(JSON.stringify({ code: compile(JSON.parse(Buffer.concat(chunks).toString('utf8')) as CompileRequest) })));
