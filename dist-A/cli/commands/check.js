/** `llm-do check [DIR]`: validate everything, print every problem, exit 0 (no errors) or 2. */
import { ProjectError } from "../../errors.js";
import { checkProject } from "../../project/check.js";
import { diagnosticsFromError, formatDiagnostic } from "../../project/diagnostics.js";
import { threadCheckHelpers } from "../check-threads.js";
import { EXIT_OK, EXIT_USAGE, reportError, reportJsonError } from "../exit-codes.js";
import { printError, printLine } from "../io.js";
import { openRunTarget } from "../run-setup.js";
import { terminalSafeJson } from "../terminal-text.js";
/** The helper threads' entry: beside this module's directory both in `dist/cli/` as compiled and in the bundle (`dist/cli/chunks/`). */
const CHECK_THREAD_ENTRY = new URL('../check-thread.js', import.meta.url);
/**
 * Finds and loads the project a `check`/`list` command names: `--project`, else DIR (default `.`,
 * where `LLM_DO_PROJECT` applies). Library paths resolve against the working directory.
 */
export async function loadCommandProject(options, io) {
    const dirGiven = options.dir !== undefined && options.dir !== '.';
    // An explicit DIR wins over LLM_DO_PROJECT.
    const scopedIO = dirGiven ? { ...io, env: { ...io.env, LLM_DO_PROJECT: undefined } } : io;
    const { project } = await openRunTarget(dirGiven ? options.dir : undefined, { project: options.project, lib: options.lib }, scopedIO);
    return project;
}
/**
 * Prints every problem a ProjectError carries (one per line on stderr) and returns its exit code;
 * other errors go through `reportError`. With `json`, the error is the JSON answer on stdout.
 */
export function reportProblems(error, io, json = false) {
    if (json)
        return reportJsonError(error, io);
    if (!ProjectError.isInstance(error) || error.problems.length < 2)
        return reportError(error, io);
    for (const problem of error.problems)
        printError(io, `llm-do: ${problem.message}`);
    return EXIT_USAGE;
}
/** Runs `check`: problems on stdout (`path:line:col: message`), a summary line on stderr. */
export async function runCheck(options, io) {
    let diagnostics;
    let workers = 0;
    try {
        const project = await loadCommandProject(options, io);
        const importTools = options.importTools === true;
        const debug = io.env.LLM_DO_DEBUG === '1' ? (message) => printError(io, `debug: ${message}`) : undefined;
        const helpers = importTools ? [] : threadCheckHelpers(project, CHECK_THREAD_ENTRY, debug);
        diagnostics = await checkProject(project, { importTools, helpers });
        // After the check, which scans once for both (the scan of a project is kept).
        workers = (await project.scanWorkers()).length;
    }
    catch (error) {
        if (!ProjectError.isInstance(error))
            return options.json ? reportJsonError(error, io) : reportError(error, io);
        diagnostics = diagnosticsFromError(error);
    }
    const count = (severity) => diagnostics.filter((diagnostic) => diagnostic.severity === severity).length;
    const [errors, warnings, notes] = [count('error'), count('warning'), count('info')];
    if (options.json) {
        printLine(io, terminalSafeJson({ ok: errors === 0, workers, errors, warnings, diagnostics }, 2));
    }
    else {
        for (const diagnostic of diagnostics)
            printLine(io, formatDiagnostic(diagnostic));
    }
    const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;
    const unverified = notes === 0 ? '' : `; ${plural(notes, 'note')} on what only --import-tools verifies`;
    const summary = `${plural(errors, 'error')}, ${plural(warnings, 'warning')} (${plural(workers, 'worker')} checked${unverified})`;
    printError(io, errors === 0 ? `check passed: ${summary}` : `check failed: ${summary}`);
    return errors === 0 ? EXIT_OK : EXIT_USAGE;
}
