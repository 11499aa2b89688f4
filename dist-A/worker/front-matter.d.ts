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
/**
 * Splits `text` (BOM stripped, CRLF already normalised to LF) at its first two `---` lines.
 * Throws ProjectError `invalid-yaml` when the file does not start with `---` or the front matter is never closed.
 */
export declare function splitFrontMatter(text: string, displayPath: string): FrontMatterSplit;
