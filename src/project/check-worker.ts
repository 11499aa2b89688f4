/**
 * The checks `check` runs on one loaded worker: exactly the plan a run makes (`worker-plan.ts`), its
 * problems as diagnostics. A worker with no model anywhere is only a warning (`run --model` may
 * supply one). Project code (schema modules, tool modules) is imported only with `--import-tools`;
 * otherwise what it would have verified is listed as notes.
 */
import { ProjectError } from '../errors.ts';
import { createCustomToolset } from '../tools/custom.ts';
import { reviewShellRules } from '../tools/shell/rule-review.ts';
import type { CheckHelper } from './check-helper.ts';
import { diagnosticsFromError, type Diagnostic } from './diagnostics.ts';
import type { Project, WorkerDefinition } from './types.ts';
import { importPlannedCode, planWorker, type WorkerPlan } from './worker-plan.ts';

/** Options of `checkProject`. */
export interface CheckOptions {
  /**
   * Import tool modules and schema modules (`check --import-tools`), verifying custom tool names and
   * schema exports. This runs project code.
   * @default false
   */
  importTools?: boolean;
  /**
   * Other checkers of the same project (the CLI runs one per spare core, in a worker thread): from
   * 1,000 workers on, they take chunks of the workers while this thread checks others. They are
   * started before the scan and dismissed when the project turns out smaller.
   * @default []
   */
  helpers?: readonly CheckHelper[];
}

/** Every problem of `worker` beyond parsing it. */
export async function checkWorker(project: Project, worker: WorkerDefinition, options: CheckOptions): Promise<Diagnostic[]> {
  const { plan, problems, warnings } = await planWorker(project, worker, { env: project.options.env ?? {} });
  const diagnostics = [
    ...problems.flatMap((problem) => withSeverity(problem, problem.code === 'no-model' ? 'warning' : 'error', worker)),
    ...warnings.flatMap((warning) => withSeverity(warning, 'warning', worker)),
    ...reviewShellRules((worker.config.toolsets?.shell || undefined)?.rules ?? []).map((review): Diagnostic => ({ ...review, file: worker.displayPath })),
  ];
  // A missing model is only a warning: the rest of the worker is still checked.
  if (problems.some((problem) => problem.code !== 'no-model')) return diagnostics;
  if (!options.importTools) return [...diagnostics, ...(await customToolsWithoutModules(plan)), ...notVerified(plan)];
  try {
    await importPlannedCode(project, plan);
  } catch (error) {
    if (!ProjectError.isInstance(error)) throw error;
    diagnostics.push(...diagnosticsFromError(error, worker.displayPath));
  }
  return diagnostics;
}

/**
 * With no tool module at all, the tools `toolsets.custom.tools` names are known missing without
 * running project code: the run's own selection, given no modules, says so in the run's words.
 */
async function customToolsWithoutModules(plan: WorkerPlan): Promise<Diagnostic[]> {
  const custom = plan.definition.config.toolsets?.custom || undefined;
  if (!custom || plan.toolModules.length > 0) return [];
  try {
    await createCustomToolset({ modules: [], config: custom });
    return [];
  } catch (error) {
    if (!ProjectError.isInstance(error)) throw error;
    return diagnosticsFromError(error, plan.definition.displayPath);
  }
}

function withSeverity(problem: ProjectError, severity: Diagnostic['severity'], worker: WorkerDefinition): Diagnostic[] {
  return diagnosticsFromError(problem, worker.displayPath).map((diagnostic) => ({ ...diagnostic, severity }));
}

/** Notes naming what only imported code could verify. */
function notVerified(plan: WorkerPlan): Diagnostic[] {
  const { definition } = plan;
  const note = (message: string): Diagnostic => ({
    severity: 'info',
    file: definition.displayPath,
    message: `${message} (check runs no project code; pass --import-tools to verify)`,
  });
  const notes = Object.entries(plan.schemas).flatMap(([field, located]) =>
    'module' in located ? [note(`${field} "${located.module.ref}" is a module export: not loaded`)] : [],
  );
  const custom = definition.config.toolsets?.custom || undefined;
  if (custom && plan.toolModules.length > 0) {
    const modules = plan.toolModules.map((module) => module.displayPath).join(', ');
    const what = custom.tools ? 'the tool names in toolsets.custom.tools are not verified' : 'their tools are not verified';
    notes.push(note(`tool modules ${modules} are not imported: ${what}`));
  }
  return notes;
}
