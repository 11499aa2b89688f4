/** Problems found by `check`, in a form the CLI prints as `file:line:col: message`. */
import { formatLocated, ProjectError } from '../errors.ts';

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
export function diagnosticsFromError(error: unknown, fallbackFile?: string): Diagnostic[] {
  if (ProjectError.isInstance(error)) {
    return error.problems.map((problem) => {
      const diagnostic: Diagnostic = { severity: 'error', message: problem.detail };
      const file = problem.location.file ?? fallbackFile;
      if (file !== undefined) diagnostic.file = file;
      if (problem.location.line !== undefined) diagnostic.line = problem.location.line;
      if (problem.location.column !== undefined) diagnostic.column = problem.location.column;
      return diagnostic;
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return [fallbackFile === undefined ? { severity: 'error', message } : { severity: 'error', file: fallbackFile, message }];
}

const PREFIXES: Record<Diagnostic['severity'], string> = { error: '', warning: 'warning: ', info: 'note: ' };

/** `file:line:col: message` (a warning's message starts with `warning: `, a note's with `note: `). */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const message = PREFIXES[diagnostic.severity] + diagnostic.message;
  return formatLocated({ file: diagnostic.file, line: diagnostic.line, column: diagnostic.column }, message);
}

/** Drops repeats (the same problem reached through two references), keeping the first. */
export function uniqueDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((diagnostic) => {
    const key = `${diagnostic.severity}\u0000${formatDiagnostic(diagnostic)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
