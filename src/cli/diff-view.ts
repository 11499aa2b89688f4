/**
 * Tool arguments as an approval prompt shows them: `edit_file` as `- old` / `+ new` lines, the
 * content of `write_file` with line numbers, other multi-line strings as an indented block, and every
 * other value on one shortened line.
 */
import { shorten } from './progress.ts';
import type { Style } from './style.ts';

export interface ArgumentViewOptions {
  style: Style;
  /** Longest one-line value. @default 100 */
  width?: number;
  /** Most lines shown of one multi-line value. @default 40 */
  maxLines?: number;
}

const PAD = '  ';

function capped(lines: string[], maxLines: number, render: (line: string, index: number) => string): string[] {
  const shown = lines.slice(0, maxLines).map(render);
  if (lines.length > maxLines) shown.push(`${PAD}  … ${lines.length - maxLines} more line${lines.length - maxLines === 1 ? '' : 's'}`);
  return shown;
}

/** `- old` / `+ new` lines of an `edit_file` replacement. */
function editLines(oldText: string, newText: string, options: Required<ArgumentViewOptions>): string[] {
  const { style, maxLines } = options;
  return [
    `${PAD}change:`,
    ...capped(oldText.split('\n'), maxLines, (line) => `${PAD}  ${style.red(`- ${line}`)}`),
    ...capped(newText.split('\n'), maxLines, (line) => `${PAD}  ${style.green(`+ ${line}`)}`),
  ];
}

/** The new content of a `write_file`, numbered. */
function numberedLines(key: string, content: string, options: Required<ArgumentViewOptions>): string[] {
  const lines = content.endsWith('\n') ? content.slice(0, -1).split('\n') : content.split('\n');
  const digits = String(Math.min(lines.length, options.maxLines)).length;
  return [
    `${PAD}${key}: (${lines.length} line${lines.length === 1 ? '' : 's'})`,
    ...capped(lines, options.maxLines, (line, index) => `${PAD}  ${options.style.dim(`${String(index + 1).padStart(digits)} │`)} ${line}`),
  ];
}

/** The lines showing `args` of a call to `toolName`, each starting with two spaces. */
export function renderArguments(toolName: string, args: unknown, options: ArgumentViewOptions): string[] {
  const resolved: Required<ArgumentViewOptions> = { width: 100, maxLines: 40, ...options };
  if (!args || typeof args !== 'object' || Array.isArray(args)) return [`${PAD}args: ${shorten(args, false, resolved.width)}`];
  const record = args as Record<string, unknown>;
  const isEdit = toolName === 'edit_file' && typeof record.old === 'string' && typeof record.new === 'string';
  const lines: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (isEdit && (key === 'old' || key === 'new')) continue;
    if (toolName === 'write_file' && key === 'content' && typeof value === 'string') {
      lines.push(...numberedLines(key, value, resolved));
    } else if (typeof value === 'string' && value.includes('\n')) {
      const body = value.split('\n');
      lines.push(`${PAD}${key}: (${body.length} lines)`, ...capped(body, resolved.maxLines, (line) => `${PAD}  │ ${line}`));
    } else {
      lines.push(`${PAD}${key}: ${shorten(value, false, resolved.width)}`);
    }
  }
  if (isEdit) lines.push(...editLines(record.old as string, record.new as string, resolved));
  return lines;
}
