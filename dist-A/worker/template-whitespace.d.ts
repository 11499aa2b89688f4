/**
 * Whitespace rule of llm-do templates: a line holding only block tags and comments (`{% if x %}`,
 * `{% include 'rubric.jinja' %}`, `{# note #}`) leaves nothing in the output, not even its line
 * break; every other line keeps its whitespace, so `Tone: {% if formal %}formal{% endif %}` at the end
 * of a line keeps the line break after it.
 *
 * Jinja's `trim_blocks` would eat that line break too (a classic prompt-template surprise), so instead
 * of it the source is rewritten before compiling: the indentation of such a line is dropped and its
 * line break is wrapped in a comment (`{#\n#}`), which keeps line numbers exact for error messages.
 * Text between `{% raw %}` and `{% endraw %}` is left alone.
 */
/** Rewrites tag-only lines as described above; other text is left exactly as written. */
export declare function trimTagLines(source: string): string;
