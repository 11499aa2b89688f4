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

const TAG = String.raw`\{%(?:[^%]|%(?!\}))*%\}|\{#(?:[^#]|#(?!\}))*#\}`;
const TAG_ONLY_LINE = new RegExp(String.raw`^[ \t]*((?:(?:${TAG})[ \t]*)+)$`);
const RAW_START = /\{%-?\s*(raw|verbatim)\s*-?%\}/;
const RAW_END = /\{%-?\s*(endraw|endverbatim)\s*-?%\}/;

/** Rewrites tag-only lines as described above; other text is left exactly as written. */
export function trimTagLines(source: string): string {
  const lines = source.split('\n');
  let inRaw = false;
  return lines
    .map((line, index) => {
      const last = index === lines.length - 1;
      if (inRaw) {
        if (!RAW_END.test(line)) return last ? line : `${line}\n`;
        inRaw = false;
      }
      if (RAW_START.test(line) && !RAW_END.test(line)) {
        inRaw = true;
        return last ? line : `${line}\n`;
      }
      const tagOnly = TAG_ONLY_LINE.exec(line);
      if (!tagOnly || last) return last ? line : `${line}\n`;
      return `${tagOnly[1]!.trimEnd()}{#\n#}`;
    })
    .join('');
}
