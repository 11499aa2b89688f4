/**
 * A fast path for the YAML most worker files hold: `key: value` lines, nested mappings by
 * indentation, one-line `[a, b]` lists, plain or quoted text, whole numbers and `true`/`false`. A
 * project of 20,000 workers spends most of its `check` parsing front matter like this with the full
 * YAML parser, which builds a document with source positions that only an error message needs.
 *
 * Anything outside that subset (comments after a value, block lists, multi-line text, null, floats,
 * anchors, tags, duplicate keys, tabs...) is declined, and the caller parses the text with the full
 * parser. So the subset is chosen where YAML 1.2's core schema is unambiguous: a value accepted here
 * is exactly what the `yaml` package would produce (test/worker/simple-yaml.test.ts compares them).
 */
/** The mapping `text` holds, or `undefined` when it is not in the simple subset. */
export declare function parseSimpleYaml(text: string): Record<string, unknown> | undefined;
