import { writeOutput } from "./io.js";
export function createAnswerStream(io, display) {
    let streamed = false;
    let replying = false;
    let atLineStart = true;
    const end = () => {
        if (!replying)
            return;
        replying = false;
        if (!atLineStart)
            writeOutput(io, '\n');
        atLineStart = true;
        display.resume();
    };
    return {
        onEvent(event) {
            if (event.type === 'text_delta' && event.parent_call_id === null) {
                if (!replying)
                    display.pause();
                replying = true;
                writeOutput(io, event.text);
                atLineStart = event.text.endsWith('\n');
                streamed = true;
                return;
            }
            // Text said before a tool call ends its line before progress is drawn below it.
            if (event.type === 'tool_call' || event.type === 'model_request' || event.type === 'run_end')
                end();
            display.onEvent(event);
        },
        end,
        get streamed() {
            return streamed;
        },
        reset() {
            streamed = false;
        },
    };
}
