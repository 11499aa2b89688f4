/**
 * Parses a YAML configuration text (worker front matter, `.yaml` worker, `project.yaml`, `lib.yaml`)
 * against a zod schema, turning every problem into a {@link ProjectError} with file, line and column.
 */
import type { z } from 'zod';
import { LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { ProjectError } from '../errors.ts';
import { describeIssues, formatFieldPath, type ConfigProblem } from './config-issues.ts';
import { overlaps, pythonEraFields, pythonEraMessage } from './python-era.ts';
import { parseSimpleYaml } from './simple-yaml.ts';
import { locatePath, nodePosition } from './yaml-locate.ts';

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

function yamlProblems(doc: Document, lineCounter: LineCounter, file: string, lineOffset: number): ProjectError[] {
  return doc.errors.map((error) => {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    return new ProjectError('invalid-yaml', `invalid YAML: ${message}`, { file, line: line + lineOffset, column: col });
  });
}

function describeShape(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'a line of text';
  return `the value ${String(value)}`;
}

/**
 * Parses `text` as YAML and validates it with `schema`. An empty document is `{}`.
 * Throws a ProjectError (`invalid-yaml`, `unknown-key` or `invalid-field`) for the first problem,
 * with every problem of the file in `problems`, sorted by line.
 *
 * @example
 * const manifest = parseYamlConfig(text, 'project.yaml', ManifestSchema, { what: 'project manifest' });
 */
export function parseYamlConfig<S extends z.ZodType>(text: string, displayPath: string, schema: S, options: ParseYamlConfigOptions = {}): z.infer<S> {
  const { lineOffset = 0, what = 'configuration', forbiddenKeys = {} } = options;
  const simple = parseSimpleYaml(text);
  if (simple !== undefined && !Object.keys(forbiddenKeys).some((key) => Object.hasOwn(simple, key))) {
    const result = schema.safeParse(simple);
    // A problem needs the full parse for its line and column.
    if (result.success) return result.data as z.infer<S>;
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const syntax = yamlProblems(doc, lineCounter, displayPath, lineOffset);
  if (syntax.length > 0) throwAll(syntax);

  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ProjectError('invalid-yaml', `invalid YAML: ${reason}`, { file: displayPath });
  }
  const place = (path: readonly PropertyKey[], at: 'key' | 'value') => {
    const found = locatePath(doc, path);
    const node: Node | undefined = at === 'key' ? (found.key ?? found.nearest) : (found.value ?? found.nearest);
    // An empty document has no node to point at: point at its first line.
    return nodePosition(node, lineCounter, lineOffset) ?? { line: Math.max(1, lineOffset) };
  };
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ProjectError('invalid-field', `expected the ${what} to be a mapping of fields (key: value lines), found ${describeShape(value)}`, {
      file: displayPath,
      ...place([], 'value'),
    });
  }

  const found: ConfigProblem[] = [];
  for (const [key, detail] of Object.entries(forbiddenKeys)) {
    if (value !== null && Object.hasOwn(value, key)) found.push({ code: 'invalid-field', detail, path: [key], at: 'key' });
  }
  const result = schema.safeParse(value);
  if (!result.success) found.push(...withPythonEraHints(describeIssues(result.error.issues, schema, value), value));
  if (found.length === 0) return result.data as z.infer<S>;

  throwAll(
    found.map(
      (problem) =>
        new ProjectError(problem.code, problem.detail, {
          file: displayPath,
          ...place(problem.path, problem.at),
          field: problem.path.length > 0 ? problem.path.map(String).join('.') : undefined,
        }),
    ),
  );
}

/**
 * `problems`, where a field of the Python llm-do's format explains them, replaced by one problem per
 * such field saying to run `llm-do migrate` (what today's schema makes of an old field misleads:
 * `toolsets.shell must be false (found a mapping)` for a `pattern:` rule).
 */
function withPythonEraHints(problems: ConfigProblem[], value: unknown): ConfigProblem[] {
  const fields = pythonEraFields(value);
  if (fields.length === 0) return problems;
  const others = problems.filter((problem) => !fields.some((field) => overlaps(field.path, problem.path)));
  const hints = fields.map(
    (field): ConfigProblem => ({ code: 'invalid-field', detail: pythonEraMessage(field, formatFieldPath(field.path)), path: field.path, at: 'key' }),
  );
  return [...hints, ...others];
}

function throwAll(problems: ProjectError[]): never {
  const sorted = [...problems].sort((a, b) => (a.location.line ?? 0) - (b.location.line ?? 0));
  const first = sorted[0]!;
  throw new ProjectError(first.code, first.detail, first.location, { problems: sorted });
}
