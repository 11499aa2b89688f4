import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { ReadStream, WriteStream } from "node:tty";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
// src/cli/controlling-terminal.ts
/**
* The controlling terminal (`/dev/tty`), opened apart from stdin and stderr: with piped stdin
* (`cat notes | llm-do summarize`) a person may still sit at the terminal, and approvals are asked
* there (SPEC §15) rather than denied.
*/
/** Opens `/dev/tty` for reading and writing, or returns undefined when the process has no terminal. */
function openControllingTerminal() {
	let readFd;
	let writeFd;
	try {
		readFd = openSync("/dev/tty", "r");
		writeFd = openSync("/dev/tty", "w");
	} catch {
		if (readFd !== void 0) closeSync(readFd);
		return;
	}
	const input = new ReadStream(readFd);
	const output = new WriteStream(writeFd);
	return {
		input,
		output,
		close() {
			input.destroy();
			output.destroy();
		}
	};
}
/**
* Where a run asks approvals: stdin/stderr when stdin is a terminal that does not carry the input;
* else the controlling terminal when stderr is one (a person is watching); else nowhere (the run then
* denies what would ask, saying there is no terminal).
*/
function approvalTerminal(io, stdinCarriesInput) {
	if (io.stdin.isTTY && !stdinCarriesInput) return {
		input: io.stdin,
		output: io.stderr,
		close: () => void 0
	};
	return io.stderr.isTTY ? io.openTerminal?.() : void 0;
}
// src/cli/version.ts
/** llm-do's package.json: the nearest one above this module (works from src/, dist/ and the bundle). */
function ownPackageJson() {
	let dir = dirname(fileURLToPath(import.meta.url));
	while (true) {
		const file = join(dir, "package.json");
		if (existsSync(file)) {
			const pkg = JSON.parse(readFileSync(file, "utf8"));
			if (pkg.name === "llm-do") return pkg;
		}
		const parent = dirname(dir);
		if (parent === dir) return { version: "0.0.0" };
		dir = parent;
	}
}
/** The package version. */
const VERSION = ownPackageJson().version;
export { approvalTerminal as n, openControllingTerminal as r, VERSION as t };
