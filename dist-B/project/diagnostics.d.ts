/** One problem, warning or note found by `checkProject`. */
export interface Diagnostic {
    /** `info`: a note, such as what `check` did not verify because that needs running project code. */
    severity: 'error' | 'warning' | 'info';
    /** Project-relative file (library files: `lib:<path>`). */
    file?: string;
    line?: number;
    column?: number;
    message: string;
}
/** Every problem an error carries (`ProjectError.problems`); any other error becomes one diagnostic. */
export declare function diagnosticsFromError(error: unknown, fallbackFile?: string): Diagnostic[];
/** `file:line:col: message` (a warning's message starts with `warning: `, a note's with `note: `). */
export declare function formatDiagnostic(diagnostic: Diagnostic): string;
/** Drops repeats (the same problem reached through two references), keeping the first. */
export declare function uniqueDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[];
