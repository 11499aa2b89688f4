/**
 * What `llm-do check` says of a project's test and eval files (docs/evals.md): a malformed case, `eval`
 * field or dataset line, or a judge that is not a worker with `schema_out`, as a diagnostic with its file
 * (and line, for a dataset).
 */
import { ProjectError } from '../errors.ts';
import { diagnosticsFromError, type Diagnostic } from '../project/diagnostics.ts';
import type { Project } from '../project/types.ts';
import { loadEvalCases } from './eval-cases.ts';

export async function evalFileDiagnostics(project: Project): Promise<Diagnostic[]> {
  try {
    await loadEvalCases(project);
    return [];
  } catch (error) {
    if (!ProjectError.isInstance(error)) throw error;
    return diagnosticsFromError(error);
  }
}
