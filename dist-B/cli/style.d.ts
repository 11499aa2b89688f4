/** The styles the terminal UI uses; identity functions when colors are off. */
export interface Style {
    readonly enabled: boolean;
    dim(text: string): string;
    bold(text: string): string;
    green(text: string): string;
    red(text: string): string;
    yellow(text: string): string;
    cyan(text: string): string;
}
/** Whether colors (and other terminal-only output such as the status line) suit `stream`. */
export declare function isFancyTerminal(stream: {
    isTTY?: boolean;
}, env: Record<string, string | undefined>): boolean;
/** Styles for a stream: colored when `enabled`, plain otherwise. */
export declare function createStyle(enabled: boolean): Style;
