import type { RunSnapshot } from '../runtime/state.ts';
import { type CliIO } from './io.ts';
/** The writer of `file`; refuses at once a file whose directory does not exist. */
export declare function stateFileWriter(file: string, io: CliIO): (state: RunSnapshot) => void;
/** The state saved in `file`; a UsageError (exit 2) naming the file when it is missing or unusable. */
export declare function readStateFile(file: string): RunSnapshot;
