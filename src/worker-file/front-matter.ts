/**
 * Splits a `.worker` file into its YAML front matter and its body (the instructions).
 */
import { ProjectError } from '../errors.ts';

/** The two parts of a `.worker` file. Line numbers are 1-based file lines. */
export interface FrontMatterSplit {
  /** YAML text between the two `---` lines. */
  yaml: string;
  /** Lines before the YAML text (the opening `---`): add to YAML line numbers to get file lines. */
  yamlLineOffset: number;
  /** Everything after the closing `---` line, leading blank lines removed. */
  body: string;
  /** File lines before the body's first line. */
  bodyLineOffset: number;
}

const FENCE = /^---[ \t]*$/;

/**
 * Splits `text` (BOM stripped, CRLF already normalised to LF) at its first two `---` lines.
 * Throws ProjectError `invalid-yaml` when the file does not start with `---` or the front matter is never closed.
 */
export function splitFrontMatter(text: string, displayPath: string): FrontMatterSplit {
  const lines = text.split('\n');
  if (!FENCE.test(lines[0] ?? '')) {
    throw new ProjectError(
      'invalid-yaml',
      'a .worker file starts with a "---" line, then YAML fields (name: ...), a closing "---" line, and the instructions',
      { file: displayPath, line: 1, column: 1 },
    );
  }
  const close = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (close === -1) {
    throw new ProjectError('invalid-yaml', 'the front matter opened by "---" on line 1 is never closed; add a "---" line after the YAML fields', {
      file: displayPath,
      line: 1,
      column: 1,
    });
  }
  const rest = lines.slice(close + 1);
  let blank = 0;
  while (blank < rest.length - 1 && rest[blank]!.trim() === '') blank += 1;
  const body = rest.slice(blank).join('\n');
  return {
    yaml: lines.slice(1, close).join('\n'),
    yamlLineOffset: 1,
    body: body.trim() === '' ? '' : body,
    bodyLineOffset: close + 1 + blank,
  };
}
