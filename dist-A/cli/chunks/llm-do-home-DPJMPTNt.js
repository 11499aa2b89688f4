import { join, resolve } from "node:path";
// src/cli/llm-do-home.ts
/** `$LLM_DO_HOME`: llm-do's own directory (run log, compiled module cache); by default `~/.llm-do`. */
function llmDoHome(io) {
	return io.env.LLM_DO_HOME ? resolve(io.cwd, io.env.LLM_DO_HOME) : join(io.homeDir, ".llm-do");
}
export { llmDoHome as t };
