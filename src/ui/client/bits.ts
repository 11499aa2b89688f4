/** Small pieces every view of the page uses: status badges, running clocks, bars and foldable sections. */
import { html } from 'htm/preact';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { formatDuration, sinceStart } from './format.ts';

export const StatusBadge = ({ status }: { status: string }) => html`<span class=${`status ${status}`} data-status=${status}>${status}</span>`;

/**
 * A duration; while `runningSince` is set (a run still going), the time since then, moved on every
 * second: the run log changes only at steps.
 */
export function Duration({ ms, runningSince }: { ms: number | null; runningSince?: string | undefined }) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (runningSince === undefined) return;
    const timer = setInterval(() => tick((count) => count + 1), 1000);
    return () => clearInterval(timer);
  }, [runningSince]);
  return html`<span>${formatDuration(runningSince === undefined ? ms : sinceStart(runningSince))}</span>`;
}

/** A horizontal bar: `start` and `width` are fractions of the track. */
export function Bar({ kind, start, width, title }: { kind: string; start: number; width: number; title: string }) {
  const style = { left: `${Math.max(0, Math.min(1, start)) * 100}%`, width: `${Math.max(0.005, Math.min(1, width)) * 100}%` };
  return html`<div class=${`track ${kind}`} title=${title}><span style=${style}></span></div>`;
}

/** The `<details>` a person opened, by key, so a live update (or a new render) does not close them. */
const openDetails = new Set<string>();

/** A `<details>` that stays open across live updates once opened; `onOpen` runs whenever it is open. */
export function Expandable({ id, summary, children, onOpen }: { id: string; summary: string; children: ComponentChildren; onOpen?: () => void }) {
  const [open, setOpen] = useState(openDetails.has(id));
  useEffect(() => void (open && onOpen?.()), [open]);
  const toggle = (event: Event) => {
    const now = (event.currentTarget as HTMLDetailsElement).open;
    if (now) openDetails.add(id);
    else openDetails.delete(id);
    setOpen(now);
  };
  return html`<details open=${open} onToggle=${toggle}><summary>${summary}</summary>${children}</details>`;
}
