/** `$LLM_DO_HOME` of the CLI's process (see `llmDoHomeDir`). */
import { llmDoHomeDir } from '../project/llm-do-home.ts';
import type { CliIO } from './io.ts';

export function llmDoHome(io: Pick<CliIO, 'env' | 'homeDir' | 'cwd'>): string {
  return llmDoHomeDir(io);
}
