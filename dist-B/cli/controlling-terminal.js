/**
 * The controlling terminal (`/dev/tty`), opened apart from stdin and stderr: with piped stdin
 * (`cat notes | llm-do summarize`) a person may still sit at the terminal, and approvals are asked
 * there (SPEC §15) rather than denied.
 */
import { closeSync, openSync } from 'node:fs';
import { ReadStream, WriteStream } from 'node:tty';
/** Opens `/dev/tty` for reading and writing, or returns undefined when the process has no terminal. */
export function openControllingTerminal() {
    let readFd;
    let writeFd;
    try {
        readFd = openSync('/dev/tty', 'r');
        writeFd = openSync('/dev/tty', 'w');
    }
    catch {
        if (readFd !== undefined)
            closeSync(readFd);
        return undefined;
    }
    const input = new ReadStream(readFd);
    const output = new WriteStream(writeFd);
    return {
        input,
        output,
        close() {
            input.destroy();
            output.destroy();
        },
    };
}
/**
 * Where a run asks approvals: stdin/stderr when stdin is a terminal that does not carry the input;
 * else the controlling terminal when stderr is one (a person is watching); else nowhere (the run then
 * denies what would ask, saying there is no terminal).
 */
export function approvalTerminal(io, stdinCarriesInput) {
    if (io.stdin.isTTY && !stdinCarriesInput)
        return { input: io.stdin, output: io.stderr, close: () => undefined };
    return io.stderr.isTTY ? io.openTerminal?.() : undefined;
}
