import { ProjectError } from '../errors.ts';
import type { ToolsetTool } from '../tools/types.ts';
import { type LocatedSchema, type ResolvedSchema } from '../worker/schema-ref.ts';
import { type TemplateRenderer } from '../worker/templates.ts';
import { type MountGrant } from './mount-table.ts';
import type { Project, ToolModuleRef, WorkerDefinition } from './types.ts';
declare const SCHEMA_FIELDS: readonly ["schema_in", "schema_out"];
type SchemaField = (typeof SCHEMA_FIELDS)[number];
/** What planning a worker needs besides the project. */
export interface PlanOptions {
    /** `--model`: applies to every worker. */
    modelOverride?: string;
    /** Environment (`LLM_DO_MODEL`). */
    env: Record<string, string | undefined>;
    /** `--mount` grants (they may place a mount outside the project). @default [] */
    grants?: readonly MountGrant[];
}
/** Everything about a worker that is known without running project code or calling a model. */
export interface WorkerPlan {
    definition: WorkerDefinition;
    /** Undefined when no model is configured anywhere (then `problems` has a `no-model` error). */
    modelId: string | undefined;
    schemas: Partial<Record<SchemaField, LocatedSchema>>;
    renderer: TemplateRenderer;
    /** Tool modules the `custom` toolset would import, policy-checked; empty without that toolset or with `--no-import-tools`. */
    toolModules: ToolModuleRef[];
    /** Workers this one may call (allowed_workers expanded), in declaration order. */
    allowedWorkers: WorkerDefinition[];
}
/** A plan, every problem found while making it (errors), and warnings (`check` shows them; a run goes on). */
export interface PlanResult {
    plan: WorkerPlan;
    problems: ProjectError[];
    warnings: ProjectError[];
}
/** Plans `definition`, collecting every problem (in a fixed order) rather than stopping at the first. */
export declare function planWorker(project: Project, definition: WorkerDefinition, options: PlanOptions): Promise<PlanResult>;
/** The schemas and custom tools of a plan, after running the project code they need. */
export interface PlannedCode {
    schemaIn: ResolvedSchema | undefined;
    schemaOut: ResolvedSchema | undefined;
    customTools: ToolsetTool[];
}
/**
 * Runs the project code a plan names: imports schema modules and tool modules. Refuses a schema
 * module when the project was opened with `importTools: false` (`--no-import-tools`).
 */
export declare function importPlannedCode(project: Project, plan: WorkerPlan): Promise<PlannedCode>;
export {};
