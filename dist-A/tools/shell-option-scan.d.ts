/** One risky argument of a command. */
export interface RiskyArgument {
    /** Index in argv. */
    index: number;
    /** The option (`--output`, `-o`, `-exec`) or, for operands, the argument itself. */
    name: string;
    /** Whether `name` is an option (a rule may then name it by a pattern such as `--output=*`). */
    option: boolean;
    /** What it does: `writes files`. */
    why: string;
}
/** Every risky argument of `argv`, in order. */
export declare function findRiskyArguments(argv: readonly string[]): RiskyArgument[];
