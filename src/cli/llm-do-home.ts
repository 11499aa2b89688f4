/** `$LLM_DO_HOME`: llm-do's own directory (run log, compiled module cache); by default `~/.llm-do`. */
import { join, resolve } from 'node:path';
import type { CliIO } from './io.ts';

export function llmDoHome(io: Pick<CliIO, 'env' | 'homeDir' | 'cwd'>): string {
  return io.env.LLM_DO_HOME ? resolve(io.cwd, io.env.LLM_DO_HOME) : join(io.homeDir, '.llm-do');
}
