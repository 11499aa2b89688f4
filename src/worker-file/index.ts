/**
 * The worker file format: worker files, manifests, configuration-file diagnostics and schema
 * references. What the layers above may import.
 */
export * from './schema.ts';
export { ModelSettingsSchema, type ModelSettings } from './model-settings.ts';
export { isZodSchema, toSchemaPair, validateWith, type JsonSchemaObject, type SchemaPair, type ToolInputSchema, type ValidationResult } from './json-schema.ts';
export { parseYamlConfig, type ParseYamlConfigOptions } from './config-file.ts';
export { formatFieldPath } from './config-issues.ts';
export { suggestNearest, suggestionClause } from './suggest.ts';
export {
  parseWorkerSource,
  loadWorkerFile,
  loadManifest,
  loadLibraryManifest,
  workerFormatOf,
  type ParsedWorker,
  type WorkerFormat,
} from './worker-file.ts';
export { splitFrontMatter, type FrontMatterSplit } from './front-matter.ts';
export { readProjectText, normalizeText, MAX_PROJECT_FILE_BYTES } from './read-project-file.ts';
export {
  importSchemaModule,
  locateSchemaRef,
  type LocatedSchema,
  type ResolvedSchema,
  type ResolveSchemaRefOptions,
  type SchemaModuleRef,
} from './schema-ref.ts';
