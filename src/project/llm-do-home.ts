/**
 * `$LLM_DO_HOME`: llm-do's own directory (run log, user config, stored keys, installed libraries,
 * compiled module cache); by default `~/.llm-do`.
 */
import { posix } from 'node:path';

/** Where `$LLM_DO_HOME` is: `LLM_DO_HOME` from `env` (a relative one against `cwd`), else `<homeDir>/.llm-do`. */
export function llmDoHomeDir(options: { env?: Record<string, string | undefined>; homeDir: string; cwd?: string }): string {
  const configured = options.env?.LLM_DO_HOME;
  return configured ? posix.resolve(options.cwd ?? posix.resolve(), configured) : posix.join(options.homeDir, '.llm-do');
}
