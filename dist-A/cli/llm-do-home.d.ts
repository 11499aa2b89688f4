import type { CliIO } from './io.ts';
export declare function llmDoHome(io: Pick<CliIO, 'env' | 'homeDir' | 'cwd'>): string;
