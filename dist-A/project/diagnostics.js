/** Problems found by `check`, in a form the CLI prints as `file:line:col: message`. */
import { formatLocated, ProjectError } from "../errors.js";
/** Every problem an error carries (`ProjectError.problems`); any other error becomes one diagnostic. */
export function diagnosticsFromError(error, fallbackFile) {
    if (ProjectError.isInstance(error)) {
        return error.problems.map((problem) => {
            const diagnostic = { severity: 'error', message: problem.detail };
            const file = problem.location.file ?? fallbackFile;
            if (file !== undefined)
                diagnostic.file = file;
            if (problem.location.line !== undefined)
                diagnostic.line = problem.location.line;
            if (problem.location.column !== undefined)
                diagnostic.column = problem.location.column;
            return diagnostic;
        });
    }
    const message = error instanceof Error ? error.message : String(error);
    return [fallbackFile === undefined ? { severity: 'error', message } : { severity: 'error', file: fallbackFile, message }];
}
const PREFIXES = { error: '', warning: 'warning: ', info: 'note: ' };
/** `file:line:col: message` (a warning's message starts with `warning: `, a note's with `note: `). */
export function formatDiagnostic(diagnostic) {
    const message = PREFIXES[diagnostic.severity] + diagnostic.message;
    return formatLocated({ file: diagnostic.file, line: diagnostic.line, column: diagnostic.column }, message);
}
/** Drops repeats (the same problem reached through two references), keeping the first. */
export function uniqueDiagnostics(diagnostics) {
    const seen = new Set();
    return diagnostics.filter((diagnostic) => {
        const key = `${diagnostic.severity}\u0000${formatDiagnostic(diagnostic)}`;
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
}
