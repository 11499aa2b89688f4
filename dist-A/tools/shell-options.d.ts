/**
 * What a program's arguments can do, beyond its plain reading use.
 *
 * Option names: `--output` is a long option (it also matches `--output=x`, `--output x` and the
 * abbreviations GNU getopt and git accept, such as `--out`); `-o` is a short option (also inside a
 * cluster such as `-no`, and with an attached value such as `-ofile`); any other spelling, such as
 * find's `-exec`, is matched as a whole word.
 */
export interface ProgramRisks {
    /** Program names (the last path component of argv[0]). */
    programs: readonly string[];
    /** Options that write or run programs, with why. */
    options?: Readonly<Record<string, string>>;
    /** Options valid only before the subcommand (git's global options), with why. */
    globalOptions?: Readonly<Record<string, string>>;
    /** Options that matter only under some subcommands: option → [subcommands, why]. */
    subcommandOptions?: Readonly<Record<string, readonly [readonly string[], string]>>;
    /** Subcommands (first operand) that write or run programs, with why. */
    subcommands?: Readonly<Record<string, string>>;
    /**
     * Options that take a value: attached (`-k2`, `--key=2`) or as the next word (`-k 2`), which is
     * then not an operand. In a cluster (`-nk2`), the rest of the word after one of them is its value.
     */
    valueOptions?: readonly string[];
    /** Global options that take the next word as their value (git `-C dir`), so it is not the subcommand. */
    globalValueOptions?: readonly string[];
    /**
     * The program's script (sed, awk): the value of one of `options` (`-e`), or else (unless one of
     * `fileOptions` names a script file) its first operand. `check` says why a script is risky.
     */
    script?: {
        options: readonly string[];
        fileOptions: readonly string[];
        check: (script: string) => string | undefined;
    };
    /** The program runs what its first operand names (a script, a command): why. */
    firstOperand?: string;
    /** Every argument is something the program writes or runs (tee's files, xargs's command): why. */
    everyArgument?: string;
    /** A check of every operand and option value that says why it is risky (git URLs). */
    operand?: (value: string) => string | undefined;
    /** `tar xf a.tar`: the first argument is a cluster of options even without a dash. */
    bundledFirstArgument?: boolean;
    /** find: `--` does not end the expression, so options after it still count. */
    ignoresDoubleDash?: boolean;
}
/**
 * The table. Programs not listed here are governed by the rules alone; isolation (bubblewrap)
 * is what bounds them.
 */
export declare const PROGRAM_RISKS: readonly ProgramRisks[];
/** The table entry for argv[0] (matched on its last path component), if any. */
export declare function programRisks(program: string): ProgramRisks | undefined;
