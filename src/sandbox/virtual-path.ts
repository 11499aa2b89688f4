/**
 * Virtual paths (docs/security.md): POSIX, absolute from the sandbox root. The model only ever sees and
 * sends these; they are checked here before any host path is built, and anything that could mean
 * "somewhere else" on some platform is refused rather than collapsed.
 */
import { SandboxError } from '../errors.ts';

/** Longest virtual path accepted, in characters (Linux PATH_MAX). */
export const MAX_VIRTUAL_PATH_CHARS = 4096;
/** Longest path segment accepted, in UTF-8 bytes (NAME_MAX on common file systems). */
export const MAX_SEGMENT_BYTES = 255;

// C0 controls, DEL and C1 controls: never part of a name a model should address.
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
// `%2e` (.), `%2f` (/), `%5c` (\), `%00`, and `%25` (an encoded `%`, for double encoding).
const ENCODED_TRICK = /%(2e|2f|5c|00|25)/i;
// `C:`, `c:/`, or a drive-letter segment anywhere (`/C:/x`).
const DRIVE_LETTER = /^[A-Za-z]:/;
// Only dots and spaces: `..`, `...`, `.. ` (Windows strips trailing dots and spaces, so these can mean `..`).
const DOTS_ONLY = /^[. ]+$/;

const utf8 = new TextEncoder();

/** How a raw (possibly hostile) path is shown in a message: quoted, escaped, and cut short. */
export function displayPath(raw: string): string {
  const shown = raw.length > 120 ? `${raw.slice(0, 117)}...` : raw;
  return JSON.stringify(shown);
}

function refuse(raw: string, reason: string): never {
  const shown = displayPath(raw);
  throw new SandboxError('invalid-path', shown, `invalid path ${shown}: ${reason}; use a path inside a mount such as /input/notes.txt`);
}

/**
 * Checks a path a model (or config) gave and returns its canonical virtual form: leading `/`, no
 * empty or `.` segments, no trailing slash. `input/a.txt` and `/input//a.txt/` both give `/input/a.txt`;
 * `''` and `.` give `/`.
 *
 * @throws SandboxError `invalid-path` for NUL and control characters, backslashes, `..` (and other
 * dots-only) segments anywhere, percent-encoded dots/slashes, Windows drive letters, paths over
 * {@link MAX_VIRTUAL_PATH_CHARS} characters or segments over {@link MAX_SEGMENT_BYTES} bytes.
 */
export function normalizeVirtualPath(path: string): string {
  if (typeof path !== 'string') refuse(String(path), 'a path must be a string');
  if (path.length > MAX_VIRTUAL_PATH_CHARS) refuse(path, `it is longer than ${MAX_VIRTUAL_PATH_CHARS} characters`);
  if (path.includes('\u0000')) refuse(path, 'it contains a NUL byte');
  if (CONTROL_CHARS.test(path)) refuse(path, 'it contains a control character');
  if (path.includes('\\')) refuse(path, 'backslashes are not path separators here; use /');
  if (ENCODED_TRICK.test(path)) refuse(path, 'percent-encoded dots, slashes or percent signs are not allowed');
  if (DRIVE_LETTER.test(path)) refuse(path, 'drive letters are not allowed; paths start at the sandbox root /');
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (DOTS_ONLY.test(segment)) refuse(path, `the segment "${segment}" would leave its directory; ".." is never allowed`);
    if (DRIVE_LETTER.test(segment)) refuse(path, 'drive letters are not allowed; paths start at the sandbox root /');
    if (utf8.encode(segment).length > MAX_SEGMENT_BYTES) refuse(path, `a segment is longer than ${MAX_SEGMENT_BYTES} bytes`);
    segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** True when the canonical virtual path `path` is `dir` or inside it (`/a/b` is within `/a`, `/ab` is not). */
export function isWithinVirtual(path: string, dir: string): boolean {
  if (dir === '/') return true;
  return path === dir || path.startsWith(`${dir}/`);
}

/** The segments of a canonical virtual path below `dir` (which must contain it): `/a/b/c` below `/a` → `['b', 'c']`. */
export function segmentsBelow(path: string, dir: string): string[] {
  const rest = dir === '/' ? path : path.slice(dir.length);
  return rest.split('/').filter((segment) => segment !== '');
}

/** Joins a canonical virtual directory and a name: `/` + `a` → `/a`, `/a` + `b` → `/a/b`. */
export function joinVirtual(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}
