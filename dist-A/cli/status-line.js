import { escapeTerminalText } from "./terminal-text.js";
const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const CLEAR = '\r\x1b[2K';
function elapsed(ms) {
    return ms < 1000 ? '' : ` ${(ms / 1000).toFixed(0)}s`;
}
/** Starts a status line on `stream` (a terminal). */
export function createStatusLine(options) {
    const { stream, style, intervalMs = 80, minRedrawMs = 50, now = Date.now } = options;
    let text = '';
    let since = now();
    let frame = 0;
    let shown = false;
    let paused = 0;
    let stopped = false;
    let timer;
    let drawnAt = -Infinity;
    const erase = () => {
        if (shown)
            stream.write(CLEAR);
        shown = false;
    };
    const draw = () => {
        if (stopped || paused > 0 || !text)
            return;
        const width = Math.max(20, (stream.columns ?? 80) - 1);
        const body = `${FRAMES[frame % FRAMES.length]} ${escapeTerminalText(text).replace(/\s+/g, ' ')}${elapsed(now() - since)}`;
        const line = [...body].length > width ? `${[...body].slice(0, width - 1).join('')}…` : body;
        stream.write(`${CLEAR}${style.dim(line)}`);
        shown = true;
        drawnAt = now();
    };
    /** Draws unless the line is showing and was drawn less than `minRedrawMs` ago (the next tick catches up). */
    const drawThrottled = () => {
        if (!shown || now() - drawnAt >= minRedrawMs)
            draw();
    };
    const tick = () => {
        frame += 1;
        drawThrottled();
    };
    return {
        update(next, start) {
            if (stopped)
                return;
            if (!next) {
                text = '';
                erase();
                return;
            }
            if (next !== text || start !== undefined)
                since = start ?? now();
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
            if (timer)
                clearInterval(timer);
            timer = undefined;
        },
    };
}
