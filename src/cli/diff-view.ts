/**
 * Tool arguments as an approval prompt shows them: `edit_file` as `- old` / `+ new` lines, the
 * content of `write_file` with line numbers, other multi-line strings as an indented block, and every
 * other value on one line, exactly as it will run (no whitespace folded) and escaped for the terminal.
 * The compact view cuts only very long values and says so at the cut; the full view cuts nothing
 * (the person can see every part of what will run before answering).
 */
import type { Style } from './style.ts';
import { escapeTerminalText } from './terminal-text.ts';

export interface ArgumentViewOptions {
  style: Style;
  /** Longest line of a value the compact view shows whole. @default 800 */
  maxChars?: number;
  /** Most lines of one multi-line value the compact view shows. @default 40 */
  maxLines?: number;
  /** Show every value whole. @default false */
  full?: boolean;
  /** How the reader sees what a cut left out, said at each cut. @default "v shows everything" (the prompt's key) */
  seeAll?: string;
}

export interface ArgumentView {
  /** Lines, each starting with two spaces. */
  lines: string[];
  /** Whether the compact view cut a value (the full view then shows what is missing). */
  cut: boolean;
}

const PAD = '  ';

/** Renders one view, recording whether anything was cut. */
class ViewBuilder {
  cut = false;
  constructor(private readonly options: Required<ArgumentViewOptions>) {}

  get style(): Style {
    return this.options.style;
  }

  /** One line of a value, escaped, cut in the compact view past `maxChars`. */
  line(text: string): string {
    const chars = [...text];
    if (this.options.full || chars.length <= this.options.maxChars) return escapeTerminalText(text);
    this.cut = true;
    const rest = chars.length - this.options.maxChars;
    return `${escapeTerminalText(chars.slice(0, this.options.maxChars).join(''))}… (cut: ${rest} more character${rest === 1 ? '' : 's'}; ${this.options.seeAll})`;
  }

  /** The lines of a multi-line value, at most `maxLines` of them in the compact view. */
  block(lines: readonly string[], render: (line: string, index: number) => string): string[] {
    const limit = this.options.full ? lines.length : this.options.maxLines;
    const shown = lines.slice(0, limit).map((line, index) => render(this.line(line), index));
    if (lines.length > limit) {
      this.cut = true;
      const rest = lines.length - limit;
      shown.push(`${PAD}  … ${rest} more line${rest === 1 ? '' : 's'} (cut; ${this.options.seeAll})`);
    }
    return shown;
  }
}

/** `- old` / `+ new` lines of an `edit_file` replacement. */
function editLines(oldText: string, newText: string, view: ViewBuilder): string[] {
  const { style } = view;
  return [
    `${PAD}change:`,
    ...view.block(oldText.split('\n'), (line) => `${PAD}  ${style.red(`- ${line}`)}`),
    ...view.block(newText.split('\n'), (line) => `${PAD}  ${style.green(`+ ${line}`)}`),
  ];
}

/** The new content of a `write_file`, numbered. */
function numberedLines(key: string, content: string, view: ViewBuilder): string[] {
  const lines = content.endsWith('\n') ? content.slice(0, -1).split('\n') : content.split('\n');
  const digits = String(lines.length).length;
  return [
    `${PAD}${key}: (${lines.length} line${lines.length === 1 ? '' : 's'})`,
    ...view.block(lines, (line, index) => `${PAD}  ${view.style.dim(`${String(index + 1).padStart(digits)} │`)} ${line}`),
  ];
}

/** A one-line value as it will run: strings as they are, anything else as JSON. */
function oneLine(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

/** The view of `args` of a call to `toolName`. */
export function renderArguments(toolName: string, args: unknown, options: ArgumentViewOptions): ArgumentView {
  const view = new ViewBuilder({ maxChars: 800, maxLines: 40, full: false, seeAll: 'v shows everything', ...options });
  if (!args || typeof args !== 'object' || Array.isArray(args)) return { lines: [`${PAD}args: ${view.line(oneLine(args))}`], cut: view.cut };
  const record = args as Record<string, unknown>;
  const isEdit = toolName === 'edit_file' && typeof record.old === 'string' && typeof record.new === 'string';
  const lines: string[] = [];
  for (const [rawKey, value] of Object.entries(record)) {
    if (isEdit && (rawKey === 'old' || rawKey === 'new')) continue;
    const key = escapeTerminalText(rawKey);
    if (toolName === 'write_file' && rawKey === 'content' && typeof value === 'string') {
      lines.push(...numberedLines(key, value, view));
    } else if (typeof value === 'string' && value.includes('\n')) {
      const body = value.split('\n');
      lines.push(`${PAD}${key}: (${body.length} lines)`, ...view.block(body, (line) => `${PAD}  │ ${line}`));
    } else {
      lines.push(`${PAD}${key}: ${view.line(oneLine(value))}`);
    }
  }
  if (isEdit) lines.push(...editLines(record.old as string, record.new as string, view));
  return { lines, cut: view.cut };
}
