import { escapeTerminalText } from "./terminal-text.js";
const PAD = '  ';
/** Renders one view, recording whether anything was cut. */
class ViewBuilder {
    options;
    cut = false;
    constructor(options) {
        this.options = options;
    }
    get style() {
        return this.options.style;
    }
    /** One line of a value, escaped, cut in the compact view past `maxChars`. */
    line(text) {
        const chars = [...text];
        if (this.options.full || chars.length <= this.options.maxChars)
            return escapeTerminalText(text);
        this.cut = true;
        const rest = chars.length - this.options.maxChars;
        return `${escapeTerminalText(chars.slice(0, this.options.maxChars).join(''))}… (cut: ${rest} more character${rest === 1 ? '' : 's'}; ${this.options.seeAll})`;
    }
    /** The lines of a multi-line value, at most `maxLines` of them in the compact view. */
    block(lines, render) {
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
function editLines(oldText, newText, view) {
    const { style } = view;
    return [
        `${PAD}change:`,
        ...view.block(oldText.split('\n'), (line) => `${PAD}  ${style.red(`- ${line}`)}`),
        ...view.block(newText.split('\n'), (line) => `${PAD}  ${style.green(`+ ${line}`)}`),
    ];
}
/** The new content of a `write_file`, numbered. */
function numberedLines(key, content, view) {
    const lines = content.endsWith('\n') ? content.slice(0, -1).split('\n') : content.split('\n');
    const digits = String(lines.length).length;
    return [
        `${PAD}${key}: (${lines.length} line${lines.length === 1 ? '' : 's'})`,
        ...view.block(lines, (line, index) => `${PAD}  ${view.style.dim(`${String(index + 1).padStart(digits)} │`)} ${line}`),
    ];
}
/** A one-line value as it will run: strings as they are, anything else as JSON. */
function oneLine(value) {
    return typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined';
}
/** The view of `args` of a call to `toolName`. */
export function renderArguments(toolName, args, options) {
    const view = new ViewBuilder({ maxChars: 800, maxLines: 40, full: false, seeAll: 'v shows everything', ...options });
    if (!args || typeof args !== 'object' || Array.isArray(args))
        return { lines: [`${PAD}args: ${view.line(oneLine(args))}`], cut: view.cut };
    const record = args;
    const isEdit = toolName === 'edit_file' && typeof record.old === 'string' && typeof record.new === 'string';
    const lines = [];
    for (const [rawKey, value] of Object.entries(record)) {
        if (isEdit && (rawKey === 'old' || rawKey === 'new'))
            continue;
        const key = escapeTerminalText(rawKey);
        if (toolName === 'write_file' && rawKey === 'content' && typeof value === 'string') {
            lines.push(...numberedLines(key, value, view));
        }
        else if (typeof value === 'string' && value.includes('\n')) {
            const body = value.split('\n');
            lines.push(`${PAD}${key}: (${body.length} lines)`, ...view.block(body, (line) => `${PAD}  │ ${line}`));
        }
        else {
            lines.push(`${PAD}${key}: ${view.line(oneLine(value))}`);
        }
    }
    if (isEdit)
        lines.push(...editLines(record.old, record.new, view));
    return { lines, cut: view.cut };
}
