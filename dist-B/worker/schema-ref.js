/**
 * Resolves a worker's `schema_in` / `schema_out` (SPEC §5): a JSON Schema file (`schemas/pitch.json`),
 * a named export of a TS/JS module (`schemas.ts:PitchInput`, a zod schema or a JSON Schema object),
 * or an inline JSON Schema object. Paths are relative to the project root and may not leave it.
 */
import { posix } from 'node:path';
import { ProjectError } from "../errors.js";
import { isZodSchema, jsonFileSchemaPair, toSchemaPair } from "./json-schema.js";
import { importModule } from "./module-loader.js";
import { readProjectText } from "./read-project-file.js";
const MODULE_REF = /^(.+\.(?:ts|mts|cts|js|mjs|cjs)):([A-Za-z_$][\w$]*)$/;
function firstLine(error) {
    return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}
function failure(options) {
    return (detail, code = 'schema', cause) => new ProjectError(code, detail, { file: options.displayPath, field: options.field }, { cause });
}
function schemaPair(options, build, source, what) {
    try {
        return { ...build(), source };
    }
    catch (error) {
        throw failure(options)(`${options.field} ${what} is not a usable schema: ${firstLine(error)}`, 'schema', error);
    }
}
/**
 * Reads what a ref names without running project code: an inline schema or a JSON Schema file
 * becomes a schema; a module ref (`schemas.ts:Name`) is checked to name an existing file inside the
 * project and returned for {@link importSchemaModule}. Throws ProjectError `schema` or `path-escape`,
 * naming the worker file, the field and the ref.
 */
export async function locateSchemaRef(ref, options) {
    const { field } = options;
    const fail = failure(options);
    if (typeof ref !== 'string')
        return { schema: schemaPair(options, () => toSchemaPair(ref), 'inline', '(inline)') };
    const moduleRef = MODULE_REF.exec(ref);
    const relativePath = moduleRef ? moduleRef[1] : ref;
    if (!moduleRef && !ref.endsWith('.json')) {
        throw fail(`${field} "${ref}" is not a schema reference; use a JSON Schema file (schemas/NAME.json), a module export (schemas.ts:ExportName) or an inline JSON Schema`);
    }
    const hostPath = await confine(relativePath, options, () => fail(`${field} "${ref}" points outside the project root; schema paths are relative to it`, 'path-escape'));
    const stat = await options.fs.stat(hostPath);
    if (!stat || stat.kind !== 'file')
        throw fail(`${field} "${ref}": file ${posix.normalize(relativePath)} not found in the project`);
    if (moduleRef)
        return { module: { ref, relativePath, hostPath, exportName: moduleRef[2] } };
    const text = await readProjectText(options.fs, hostPath, relativePath);
    let parsed;
    try {
        parsed = JSON.parse(text);
    }
    catch (error) {
        throw fail(`${field} "${ref}" is not valid JSON: ${firstLine(error)}`, 'schema', error);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw fail(`${field} "${ref}" must contain a JSON Schema object ({"type": "object", ...})`);
    }
    const schema = parsed;
    return { schema: schemaPair(options, () => jsonFileSchemaPair(text, schema), ref, `"${ref}"`) };
}
/** Imports a module a schema ref names (this runs its code) and returns the named export as a schema. */
export async function importSchemaModule(module, options) {
    const { field } = options;
    const fail = failure(options);
    const { ref, relativePath, exportName } = module;
    let namespace;
    try {
        namespace = await importModule(module.hostPath);
    }
    catch (error) {
        throw fail(`${field} "${ref}": cannot load ${relativePath}: ${firstLine(error)}`, 'schema', error);
    }
    if (!(exportName in namespace)) {
        const names = Object.keys(namespace).filter((name) => name !== 'default' && name !== '__esModule');
        throw fail(`${field} "${ref}": ${relativePath} has no export named "${exportName}" (exports: ${names.join(', ') || 'none'})`);
    }
    const value = namespace[exportName];
    if (!isZodSchema(value) && (typeof value !== 'object' || value === null || Array.isArray(value))) {
        throw fail(`${field} "${ref}": export "${exportName}" is not a zod schema or a JSON Schema object`);
    }
    return schemaPair(options, () => toSchemaPair(value), ref, `"${ref}"`);
}
/** Host path of a project-relative path, refusing absolute paths, `..` escapes and symlinks out of the root. */
async function confine(relativePath, options, escape) {
    if (posix.isAbsolute(relativePath) || /^[A-Za-z]:/.test(relativePath) || /[\\\0]/.test(relativePath))
        throw escape();
    const normalized = posix.normalize(relativePath);
    if (normalized === '..' || normalized.startsWith('../'))
        throw escape();
    const root = posix.resolve(options.projectRoot);
    const hostPath = posix.join(root, normalized);
    if (!(await options.fs.stat(hostPath)))
        return hostPath;
    const [realRoot, realPath] = await Promise.all([
        options.fs.realpath(root).catch(() => root),
        options.fs.realpath(hostPath),
    ]);
    if (realPath !== realRoot && !realPath.startsWith(`${realRoot}/`))
        throw escape();
    return hostPath;
}
