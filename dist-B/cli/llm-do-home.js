/** `$LLM_DO_HOME`: llm-do's own directory (run log, compiled module cache); by default `~/.llm-do`. */
import { join, resolve } from 'node:path';
export function llmDoHome(io) {
    return io.env.LLM_DO_HOME ? resolve(io.cwd, io.env.LLM_DO_HOME) : join(io.homeDir, '.llm-do');
}
