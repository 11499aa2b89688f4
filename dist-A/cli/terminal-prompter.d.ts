import type { ApprovalPrompter, ApprovalRequest } from '../approval/types.ts';
import { type Style } from './style.ts';
type Choice = readonly [key: string, label: string];
export interface RequestView {
    text: string;
    /** Whether an argument was cut (then `v` shows everything). */
    cut: boolean;
}
/** Names the calling worker's call as progress does (`reviewer#2`), so a queued prompt says whose it is. */
export type CallLabel = (callId: string, worker: string) => string;
/** Renders the approval request as the lines shown above the question; `full` cuts no argument. */
export declare function describeRequest(request: ApprovalRequest, style?: Style, width?: number, full?: boolean, callLabel?: CallLabel, offered?: readonly Choice[]): RequestView;
/** Asks one question and resolves with the typed line. */
export type AskLine = (query: string, signal?: AbortSignal) => Promise<string>;
export interface TerminalPrompterOptions {
    /** Use this when another readline interface (the chat REPL) owns the terminal, so both do not read the same keys. */
    question?: AskLine;
    /** Paused while the prompt is open (the progress view holds its output back); names the calling call. */
    display?: {
        pause(): void;
        resume(): void;
        callLabel?: CallLabel;
    };
    /** @default plain */
    style?: Style;
    /** Offer `p` (a persistent grant of this exact call): only where the project can keep grants. */
    projectGrants?: boolean;
    /** What `q` is called (chat: "cancel the turn"). @default "quit" */
    quitLabel?: string;
}
/** A prompter reading answers from `input` and writing the request to `output`. */
export declare function createTerminalPrompter(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, options?: TerminalPrompterOptions): ApprovalPrompter;
export {};
