/**
 * A tool call's arguments on an approval card, as a person reads them: each field by name, text as
 * text (a file's content line by line, not an escaped JSON string), anything else as JSON, and an
 * edit (`old` replaced by `new`) as a diff.
 */
import { html } from 'htm/preact';

/** One line of a diff: kept (' '), removed ('-') or added ('+'). */
export interface DiffLine {
  sign: ' ' | '-' | '+';
  text: string;
}

/**
 * The lines of `before` and `after` as a diff: the lines both start and end with are kept, what
 * lies between is removed and added. Enough for an edit's replaced passage, which is one piece.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const old = before.split('\n');
  const next = after.split('\n');
  let head = 0;
  while (head < old.length && head < next.length && old[head] === next[head]) head++;
  let tail = 0;
  while (tail < old.length - head && tail < next.length - head && old[old.length - 1 - tail] === next[next.length - 1 - tail]) tail++;
  const kept = (text: string): DiffLine => ({ sign: ' ', text });
  return [
    ...old.slice(0, head).map(kept),
    ...old.slice(head, old.length - tail).map((text): DiffLine => ({ sign: '-', text })),
    ...next.slice(head, next.length - tail).map((text): DiffLine => ({ sign: '+', text })),
    ...old.slice(old.length - tail).map(kept),
  ];
}

/** An edit's arguments: text `old` replaced by text `new` (the filesystem toolset's `edit_file`). */
function isEdit(args: Record<string, unknown>): args is Record<string, unknown> & { old: string; new: string } {
  return typeof args.old === 'string' && typeof args.new === 'string';
}

export function ArgsView({ args }: { args: unknown }) {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return html`<pre class="arg-value">${JSON.stringify(args, null, 2)}</pre>`;
  const fields = args as Record<string, unknown>;
  const edit = isEdit(fields);
  const rest = Object.entries(fields).filter(([name]) => !edit || (name !== 'old' && name !== 'new'));
  return html`<div class="args">
    ${rest.map(
      ([name, value]) => html`<div class="arg" data-arg=${name}>
        <div class="message-role">${name}</div>
        <pre class="arg-value">${typeof value === 'string' ? value : JSON.stringify(value, null, 2)}</pre>
      </div>`,
    )}
    ${edit ? html`<div class="arg" data-arg="diff"><div class="message-role">change</div><${Diff} lines=${lineDiff(fields.old, fields.new)} /></div>` : null}
  </div>`;
}

function Diff({ lines }: { lines: DiffLine[] }) {
  const kind = { ' ': 'same', '-': 'removed', '+': 'added' } as const;
  return html`<pre class="diff">${lines.map((line) => html`<span class=${kind[line.sign]}>${`${line.sign} ${line.text}\n`}</span>`)}</pre>`;
}
