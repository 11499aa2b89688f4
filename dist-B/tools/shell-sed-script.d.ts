/**
 * Reads a sed script far enough to find the commands that write files (`w`, `W`, the `w` flag of
 * `s`), read files (`r`, `R`) or run commands (`e`, the `e` flag of `s`). GNU sed syntax; anything
 * this reader does not understand counts as risky, so a misreading can only refuse, never allow.
 */
/** Why the sed `script` is risky, or undefined when it only reads its input and prints. */
export declare function riskySedScript(script: string): string | undefined;
