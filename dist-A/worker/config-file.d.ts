/**
 * Parses a YAML configuration text (worker front matter, `.yaml` worker, `project.yaml`, `lib.yaml`)
 * against a zod schema, turning every problem into a {@link ProjectError} with file, line and column.
 */
import type { z } from 'zod';
/** Options of {@link parseYamlConfig}. */
export interface ParseYamlConfigOptions {
    /**
     * Lines of the file before the YAML text starts (1 for front matter after an opening `---`), so
     * reported lines are file lines.
     * @default 0
     */
    lineOffset?: number;
    /**
     * What the text configures, for the message about a non-mapping document (`worker`, `project manifest`).
     * @default 'configuration'
     */
    what?: string;
    /**
     * Top-level keys the schema accepts but this file must not contain, each with the sentence to report
     * (a `.worker` file's `instructions:` is its body, not a field).
     */
    forbiddenKeys?: Record<string, string>;
}
/**
 * Parses `text` as YAML and validates it with `schema`. An empty document is `{}`.
 * Throws a ProjectError (`invalid-yaml`, `unknown-key` or `invalid-field`) for the first problem,
 * with every problem of the file in `problems`, sorted by line.
 *
 * @example
 * const manifest = parseYamlConfig(text, 'project.yaml', ManifestSchema, { what: 'project manifest' });
 */
export declare function parseYamlConfig<S extends z.ZodType>(text: string, displayPath: string, schema: S, options?: ParseYamlConfigOptions): z.infer<S>;
