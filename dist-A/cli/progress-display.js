import { createCallLabels } from "./call-labels.js";
import { createProgressRenderer } from "./progress.js";
import { createStatusLine } from "./status-line.js";
import { createStyle, isFancyTerminal } from "./style.js";
/** Creates the display for the `--quiet` / `--verbose` flags. */
export function createProgressDisplay(io, flags, options = {}) {
    const labels = createCallLabels();
    const callLabel = (callId, worker) => labels.of(callId, worker);
    const nothing = () => undefined;
    // Quiet: no progress, but the prompt still names calls as they are.
    if (flags.quiet)
        return { onEvent: (event) => labels.observe(event), pause: nothing, resume: nothing, clear: nothing, stop: nothing, callLabel };
    const fancy = isFancyTerminal(io.stderr, io.env);
    const style = createStyle(fancy);
    const status = fancy ? createStatusLine({ stream: io.stderr, style }) : undefined;
    const print = status ? (text) => status.print(text) : (text) => void io.stderr.write(text);
    let paused = 0;
    let held = [];
    const flush = () => {
        if (held.length === 0)
            return;
        const text = held.join('');
        held = [];
        print(text);
    };
    const render = createProgressRenderer({
        write: (text) => (paused > 0 ? held.push(text) : print(text)),
        verbose: Boolean(flags.verbose),
        ...options,
        style,
        labels,
        ...(status ? { status } : {}),
    });
    return {
        onEvent: render,
        pause: () => {
            paused += 1;
            status?.pause();
        },
        resume: () => {
            paused = Math.max(0, paused - 1);
            if (paused === 0)
                flush();
            status?.resume();
        },
        clear: () => status?.update(''),
        stop: () => {
            paused = 0;
            flush();
            status?.stop();
        },
        callLabel,
    };
}
