/** Longest virtual path accepted, in characters (Linux PATH_MAX). */
export declare const MAX_VIRTUAL_PATH_CHARS = 4096;
/** Longest path segment accepted, in UTF-8 bytes (NAME_MAX on common file systems). */
export declare const MAX_SEGMENT_BYTES = 255;
/** How a raw (possibly hostile) path is shown in a message: quoted, escaped, and cut short. */
export declare function displayPath(raw: string): string;
/**
 * Checks a path a model (or config) gave and returns its canonical virtual form: leading `/`, no
 * empty or `.` segments, no trailing slash. `input/a.txt` and `/input//a.txt/` both give `/input/a.txt`;
 * `''` and `.` give `/`.
 *
 * @throws SandboxError `invalid-path` for NUL and control characters, backslashes, `..` (and other
 * dots-only) segments anywhere, percent-encoded dots/slashes, Windows drive letters, paths over
 * {@link MAX_VIRTUAL_PATH_CHARS} characters or segments over {@link MAX_SEGMENT_BYTES} bytes.
 */
export declare function normalizeVirtualPath(path: string): string;
/** True when the canonical virtual path `path` is `dir` or inside it (`/a/b` is within `/a`, `/ab` is not). */
export declare function isWithinVirtual(path: string, dir: string): boolean;
/** The segments of a canonical virtual path below `dir` (which must contain it): `/a/b/c` below `/a` → `['b', 'c']`. */
export declare function segmentsBelow(path: string, dir: string): string[];
/** Joins a canonical virtual directory and a name: `/` + `a` → `/a`, `/a` + `b` → `/a/b`. */
export declare function joinVirtual(dir: string, name: string): string;
