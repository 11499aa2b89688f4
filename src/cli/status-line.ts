/**
 * The one transient line at the bottom of a terminal (stderr only): a spinner, what the run is waiting
 * on and for how long. Permanent output goes through {@link StatusLine.print}, which clears the line
 * first and redraws it after; {@link StatusLine.pause} hides it while an approval prompt is open.
 * The line's text may quote the model, so it is escaped and kept to one line. Redraws are throttled
 * (at most one per {@link StatusLineOptions.minRedrawMs}; the spinner's next tick draws the latest
 * text), so a fast stream of updates costs a bounded number of writes.
 */
import type { Style } from './style.ts';
import { escapeTerminalText } from './terminal-text.ts';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const CLEAR = '\r\x1b[2K';

export interface StatusLineOptions {
  stream: NodeJS.WritableStream & { columns?: number };
  style: Style;
  /** @default 80ms */
  intervalMs?: number;
  /** Least time between two redraws caused by {@link StatusLine.update}. @default 50ms (20 a second) */
  minRedrawMs?: number;
  /** @default Date.now */
  now?: () => number;
}

/** A live status line; all methods are cheap and safe to call in any order. */
export interface StatusLine {
  /** Shows `text` with the time since `since` (default: now, or unchanged when the text is the same); `''` hides the line. */
  update(text: string, since?: number): void;
  /** Writes permanent text above the status line. */
  print(text: string): void;
  /** Erases the line and stops drawing it until {@link resume}. */
  pause(): void;
  resume(): void;
  /** Erases the line for good. */
  stop(): void;
}

function elapsed(ms: number): string {
  return ms < 1000 ? '' : ` ${(ms / 1000).toFixed(0)}s`;
}

/** Starts a status line on `stream` (a terminal). */
export function createStatusLine(options: StatusLineOptions): StatusLine {
  const { stream, style, intervalMs = 80, minRedrawMs = 50, now = Date.now } = options;
  let text = '';
  let since = now();
  let frame = 0;
  let shown = false;
  let paused = 0;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let drawnAt = -Infinity;

  const erase = () => {
    if (shown) stream.write(CLEAR);
    shown = false;
  };
  const draw = () => {
    if (stopped || paused > 0 || !text) return;
    const width = Math.max(20, (stream.columns ?? 80) - 1);
    const body = `${FRAMES[frame % FRAMES.length]} ${escapeTerminalText(text).replace(/\s+/g, ' ')}${elapsed(now() - since)}`;
    const line = [...body].length > width ? `${[...body].slice(0, width - 1).join('')}…` : body;
    stream.write(`${CLEAR}${style.dim(line)}`);
    shown = true;
    drawnAt = now();
  };
  /** Draws unless the line is showing and was drawn less than `minRedrawMs` ago (the next tick catches up). */
  const drawThrottled = () => {
    if (!shown || now() - drawnAt >= minRedrawMs) draw();
  };
  const tick = () => {
    frame += 1;
    drawThrottled();
  };

  return {
    update(next, start) {
      if (stopped) return;
      if (!next) {
        text = '';
        erase();
        return;
      }
      if (next !== text || start !== undefined) since = start ?? now();
      text = next;
      timer ??= setInterval(tick, intervalMs);
      timer.unref?.();
      drawThrottled();
    },
    print(permanent) {
      erase();
      stream.write(permanent);
      draw();
    },
    pause() {
      paused += 1;
      erase();
    },
    resume() {
      paused = Math.max(0, paused - 1);
      draw();
    },
    stop() {
      erase();
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
