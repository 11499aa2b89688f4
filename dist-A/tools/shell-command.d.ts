/**
 * Splits `command` into argv without a shell. Refuses, naming the character, anything a shell would
 * interpret: operators (`|`, `;`, `&`, `&&`, `||`, `>`, `<`), subshells, `$` expansions, backticks,
 * unquoted globs (`*`, `?`), comments and newlines. Quoted text is literal, except `$` inside double
 * quotes (a shell would expand it). Braces and `[...]` are passed through literally.
 */
export declare function parseShellCommand(command: string): string[];
/**
 * Best-effort refusal of arguments naming host paths outside the working directory: absolute paths,
 * `~` (home directory), and any `..` path segment, also as the value of `--option=value` or attached
 * to a short option (`-o/tmp/x`). It cannot know which arguments a program treats as paths, nor
 * follow symlinks inside the working directory; isolation is what bounds the program.
 */
export declare function checkShellArguments(argv: readonly string[]): void;
/** argv as a person would type it, for messages: plain words as they are, others single-quoted. */
export declare function displayCommand(argv: readonly string[]): string;
