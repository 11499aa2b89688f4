/**
 * The worker layer: worker file format, configuration-file diagnostics, instruction templates,
 * schema references and the loader of the TS/JS modules they name. What sibling folders may import.
 */
export * from "./schema.js";
export { isZodSchema, toSchemaPair, validateWith } from "./json-schema.js";
export { parseYamlConfig } from "./config-file.js";
export { formatFieldPath } from "./config-issues.js";
export { suggestNearest, suggestionClause } from "./suggest.js";
export { parseWorkerSource, loadWorkerFile, loadManifest, loadLibraryManifest, workerFormatOf, } from "./worker-file.js";
export { splitFrontMatter } from "./front-matter.js";
export { readProjectText, normalizeText, MAX_PROJECT_FILE_BYTES } from "./read-project-file.js";
export { createTemplateRenderer, } from "./templates.js";
export { importModule } from "./module-loader.js";
export { importSchemaModule, locateSchemaRef } from "./schema-ref.js";
