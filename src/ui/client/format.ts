/**
 * How the page writes durations, costs, token counts, times and recorded values. Times follow the
 * rule the CLI shares (docs/ui.md): the local time of the machine showing them, `YYYY-MM-DD HH:MM:SS`.
 */

export function formatDuration(ms: number | null): string {
  if (ms === null) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function formatCost(cost: number | null, finished: boolean): string {
  if (cost !== null) return `$${cost.toFixed(4)}`;
  return finished ? 'cost unknown' : '–';
}

export function formatTokens(count: number): string {
  return count >= 10_000 ? `${(count / 1000).toFixed(1)}k` : String(count);
}

/** `YYYY-MM-DD HH:MM:SS` in the local time zone. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** A value as readable text: strings as they are, anything else as indented JSON. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value, null, 2);
}

/** One line of at most `max` characters. */
export function oneLine(value: unknown, max = 120): string {
  const text = (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Whether a run or call with this status has ended (its cost is final). */
export const finished = (status: string) => status !== 'running';

/** How long something that started at `iso` has taken so far. */
export const sinceStart = (iso: string) => Date.now() - Date.parse(iso);
