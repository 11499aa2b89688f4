import type { CliIO } from '../io.ts';
export declare function runResume(ref: string | undefined, options: Record<string, any>, io: CliIO): Promise<number>;
