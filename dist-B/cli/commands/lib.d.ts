import { type CliIO } from '../io.ts';
/** Validates the library at `path` and copies it to `~/.llm-do/libs/NAME@VERSION/`. */
export declare function runLibInstall(path: string, io: CliIO): Promise<number>;
/** Lists installed libraries: a table, or with `json` an array of `{name, version, description, path, exports, dependencies}`. */
export declare function runLibList(options: {
    json?: boolean;
}, io: CliIO): Promise<number>;
/** Removes `NAME@VERSION`, or every installed version of `NAME`. */
export declare function runLibRemove(spec: string, io: CliIO): Promise<number>;
/** Shows every installed version of a library: description, path, exports, dependencies, workers. */
export declare function runLibInfo(name: string, io: CliIO): Promise<number>;
