/**
 * The one preparation path of a worker (SPEC §15): `check` and `run` both plan a worker here, so
 * whatever `check` accepts `run` accepts, and they report the same problems before the first
 * request. Planning runs no project code: model choice, its provider and `compatible_models` (API
 * keys are a run's business: `check` may run elsewhere), sandbox mounts, schema refs (JSON files
 * read, module refs only located), templates (parsed, included files found, forbidden names
 * refused), tool modules (found and policy-checked, not imported) and `allowed_workers` (expanded,
 * tool names distinct). {@link importPlannedCode} then runs the code a
 * plan names: `run` always, `check` only with `--import-tools`.
 */
import { posix } from 'node:path';
import { ProjectError } from "../errors.js";
import { compileFieldGlob, isGlob } from "../glob/index.js";
import { assertKnownProvider } from "../models/registry.js";
import { checkCompatibleModel, selectModelId } from "../models/select-model.js";
import { createCustomToolset } from "../tools/custom.js";
import { importSchemaModule, locateSchemaRef } from "../worker/schema-ref.js";
import { checkTemplateFields } from "../worker/template-variables.js";
import { createTemplateRenderer } from "../worker/templates.js";
import { resolveMounts } from "./mount-table.js";
import { toolNameForWorker } from "./tool-name.js";
const SCHEMA_FIELDS = ['schema_in', 'schema_out'];
/** Host root of the worker's project, library or built-in workers: relative schema and template paths resolve against it. */
function rootOf(project, worker) {
    if (worker.library)
        return worker.library.root;
    if (worker.builtin && project.options.builtinWorkersDir)
        return posix.resolve(project.options.builtinWorkersDir);
    return project.root;
}
async function attempt(work) {
    try {
        return { value: await work(), problems: [] };
    }
    catch (error) {
        if (!ProjectError.isInstance(error))
            throw error;
        return { value: undefined, problems: error.problems };
    }
}
/** Plans `definition`, collecting every problem (in a fixed order) rather than stopping at the first. */
export async function planWorker(project, definition, options) {
    const { config } = definition;
    const warnings = [];
    const renderer = createTemplateRenderer({
        fs: project.fs,
        projectRoot: rootOf(project, definition),
        ...project.templateDirs(definition),
        allowedRoots: [project.root, ...project.libraries.map((library) => library.root)],
    });
    const [model, mounts, schemaIn, schemaOut, template, toolModules, allowedWorkers, ...imports] = await Promise.all([
        attempt(() => {
            const id = selectModelId({ cli: options.modelOverride, worker: config.model, env: options.env, workerId: definition.id });
            checkCompatibleModel(id, config.compatible_models, definition.id, definition.displayPath);
            assertKnownProvider(id, definition.id, project.manifest?.providers);
            return id;
        }),
        attempt(() => resolveMounts({ projectRoot: project.root, config: config.sandbox, grants: options.grants ?? [], displayPath: definition.displayPath })),
        attempt(() => locateSchema(project, definition, 'schema_in')),
        attempt(() => locateSchema(project, definition, 'schema_out')),
        attempt(() => renderer.check(definition.instructions, definition.instructionsFile, { lineOffset: definition.instructionsLineOffset })),
        attempt(() => plannedToolModules(project, definition)),
        attempt(() => plannedAllowedWorkers(project, definition, warnings)),
        ...(config.imports?.workers ?? []).map((ref) => attempt(() => project.loadWorker(ref, definition))),
    ]);
    const problems = [model, mounts, schemaIn, schemaOut, template, toolModules, allowedWorkers, ...imports].flatMap((step) => step.problems);
    const schemas = {};
    if (schemaIn.value)
        schemas.schema_in = schemaIn.value;
    if (schemaOut.value)
        schemas.schema_out = schemaOut.value;
    const plan = { definition, modelId: model.value, schemas, renderer, toolModules: toolModules.value ?? [], allowedWorkers: allowedWorkers.value ?? [] };
    return { plan, problems, warnings };
}
/** The schema options of one field of `definition`. */
function schemaOptions(project, definition, field) {
    return { fs: project.fs, projectRoot: rootOf(project, definition), displayPath: definition.displayPath, field };
}
/** A schema field's ref, located (undefined when the field is absent); a `schema_in` may not shadow template globals. */
async function locateSchema(project, definition, field) {
    const ref = definition.config[field];
    if (ref === undefined)
        return undefined;
    const located = await locateSchemaRef(ref, schemaOptions(project, definition, field));
    if (field === 'schema_in' && 'schema' in located)
        checkTemplateFields(located.schema, definition.displayPath);
    return located;
}
/** The custom toolset's modules (none without the toolset) and well-formed `tools:` patterns. */
async function plannedToolModules(project, definition) {
    const custom = definition.config.toolsets?.custom || undefined;
    if (!custom)
        return [];
    const problems = [];
    for (const pattern of custom.tools ?? []) {
        try {
            compileFieldGlob(pattern, { segmented: false }, { file: definition.displayPath, field: 'toolsets.custom.tools' });
        }
        catch (error) {
            if (!ProjectError.isInstance(error))
                throw error;
            problems.push(error);
        }
    }
    const inspection = await project.inspectToolModules(definition);
    problems.push(...inspection.problems.flatMap((problem) => problem.problems));
    if (problems.length > 0)
        throw new ProjectError(problems[0].code, problems[0].detail, problems[0].location, { problems });
    return inspection.modules;
}
/** `allowed_workers` expanded; each pattern's problem is reported, and two callees may not share a tool name. */
async function plannedAllowedWorkers(project, definition, warnings) {
    const workers = definition.config.toolsets?.workers || undefined;
    const location = { file: definition.displayPath, field: 'toolsets.workers.allowed_workers' };
    const expanded = await Promise.all((workers?.allowed_workers ?? []).map(async (pattern) => {
        const step = await attempt(() => project.expandAllowedWorkers([pattern], definition));
        const unmatched = step.value?.length === 0 && isGlob(pattern);
        return { ...step, warning: unmatched ? new ProjectError('invalid-field', `allowed_workers pattern ${pattern} matches no worker`, location) : undefined };
    }));
    warnings.push(...expanded.flatMap((step) => (step.warning ? [step.warning] : [])));
    const problems = expanded.flatMap((step) => step.problems);
    const calleesById = new Map(expanded.flatMap((step) => step.value ?? []).map((callee) => [callee.id, callee]));
    const callees = [...calleesById.values()];
    const byToolName = new Map();
    for (const callee of callees) {
        const name = toolNameForWorker(callee.id);
        const other = byToolName.get(name);
        if (other !== undefined)
            problems.push(new ProjectError('invalid-field', `allowed workers ${other} and ${callee.id} both become the tool name ${name}; rename one of them`, location));
        byToolName.set(name, callee.id);
    }
    if (problems.length > 0)
        throw new ProjectError(problems[0].code, problems[0].detail, problems[0].location, { problems });
    return callees;
}
/**
 * Runs the project code a plan names: imports schema modules and tool modules. Refuses a schema
 * module when the project was opened with `importTools: false` (`--no-import-tools`).
 */
export async function importPlannedCode(project, plan) {
    const { definition } = plan;
    const schema = async (field) => {
        const located = plan.schemas[field];
        if (located === undefined)
            return undefined;
        if ('schema' in located)
            return located.schema;
        if (project.options.importTools === false) {
            throw new ProjectError('schema', `${field} "${located.module.ref}" is a TS/JS module, and --no-import-tools runs no project code; use a JSON Schema file (schemas/NAME.json) or an inline schema, or drop --no-import-tools`, { file: definition.displayPath, field });
        }
        const resolved = await importSchemaModule(located.module, schemaOptions(project, definition, field));
        if (field === 'schema_in')
            checkTemplateFields(resolved, definition.displayPath);
        return resolved;
    };
    const custom = definition.config.toolsets?.custom || undefined;
    const [schemaIn, schemaOut, customTools] = await Promise.all([
        schema('schema_in'),
        schema('schema_out'),
        custom && project.options.importTools !== false ? createCustomToolset({ modules: plan.toolModules, config: custom }) : [],
    ]);
    return { schemaIn, schemaOut, customTools };
}
