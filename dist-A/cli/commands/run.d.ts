import type { CliIO } from '../io.ts';
export interface RunCommandInput {
    target: string | undefined;
    input: string | undefined;
    options: Record<string, any>;
}
export declare function runCommand({ target, input, options }: RunCommandInput, io: CliIO): Promise<number>;
