/**
 * The one glob engine for names (SPEC §15): `compatible_models` (model ids), `allowed_workers`
 * (worker ids) and `toolsets.custom.tools` (tool names) all match through {@link compileNameGlob}, so
 * `check` and `run` cannot disagree. Syntax: `*`, `?`, `[abc]`/`[a-z]`/`[!a]`, `{a,b}` choices, a
 * leading `!` negates. In worker ids `*` and `?` stay within one `/` segment and `**` crosses them;
 * in model ids (`openrouter:meta-llama/llama-3`) `*` crosses `/` too.
 *
 * Matching is a table walk, O(pattern × name): no backtracking, so no pattern can hang a run (a
 * regex compiled from `*a*a*a*a*b` can take minutes on a 60-character name).
 */
import { ProjectError, type SourceLocation } from '../errors.ts';

/** What kind of name a pattern matches. */
export type NameKind = 'model' | 'worker' | 'tool';

/** Longer patterns are refused. */
export const MAX_GLOB_LENGTH = 256;
/** `{a,b}` choices may expand to at most this many alternatives. */
export const MAX_GLOB_ALTERNATIVES = 64;

type Token = { type: 'char'; char: string } | { type: 'one' } | { type: 'star'; crossSlash: boolean } | { type: 'class'; negated: boolean; ranges: [string, string][] };

/** A compiled alternative: its tokens, and whether `/` separates segments (worker ids). */
interface Compiled {
  tokens: Token[];
  segmented: boolean;
}

/** True when a string uses glob syntax (then it is a pattern, not a plain name). */
export function isNameGlob(value: string): boolean {
  return /[*?[\]{}!]/.test(value);
}

/**
 * Compiles `pattern` to a matcher. Throws ProjectError `invalid-field` at `location` for an unbalanced
 * `[` or `{`, an empty pattern, or one too long or with too many choices.
 */
export function compileNameGlob(pattern: string, kind: NameKind, location: SourceLocation = {}): (name: string) => boolean {
  const invalid = (why: string) => new ProjectError('invalid-field', `invalid pattern "${pattern}": ${why}`, location);
  if (pattern.length === 0 || pattern === '!') throw invalid('it is empty');
  if (pattern.length > MAX_GLOB_LENGTH) throw invalid(`patterns are at most ${MAX_GLOB_LENGTH} characters`);
  const negated = pattern.startsWith('!');
  const alternatives = expandBraces(negated ? pattern.slice(1) : pattern, invalid);
  const segmented = kind === 'worker';
  const compiled = alternatives.map((alternative): Compiled => ({ tokens: tokenize(alternative, segmented, invalid), segmented }));
  return (name) => compiled.some((alternative) => matches(alternative, name)) !== negated;
}

/** `a{b,c}d` → `abd`, `acd` (nested choices too). */
function expandBraces(pattern: string, invalid: (why: string) => ProjectError): string[] {
  const open = pattern.indexOf('{');
  if (open < 0) {
    if (pattern.includes('}')) throw invalid('"}" without "{"');
    return [pattern];
  }
  let depth = 0;
  const commas: number[] = [];
  for (let index = open; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '{') depth++;
    else if (char === ',' && depth === 1) commas.push(index);
    else if (char === '}' && --depth === 0) {
      const bounds = [open, ...commas, index];
      const choices = bounds.slice(1).map((end, i) => pattern.slice(bounds[i]! + 1, end));
      const rest = expandBraces(pattern.slice(index + 1), invalid);
      const prefix = pattern.slice(0, open);
      if (prefix.includes('}')) throw invalid('"}" without "{"');
      const expanded = choices.flatMap((choice) => expandBraces(choice, invalid)).flatMap((choice) => rest.map((tail) => prefix + choice + tail));
      if (expanded.length > MAX_GLOB_ALTERNATIVES) throw invalid(`its {…} choices expand to more than ${MAX_GLOB_ALTERNATIVES} alternatives`);
      return expanded;
    }
  }
  throw invalid('"{" is not closed');
}

function tokenize(pattern: string, segmented: boolean, invalid: (why: string) => ProjectError): Token[] {
  const tokens: Token[] = [];
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === '*') {
      const double = pattern[index + 1] === '*';
      if (double) index++;
      tokens.push({ type: 'star', crossSlash: double || !segmented });
    } else if (char === '?') {
      tokens.push({ type: 'one' });
    } else if (char === '[') {
      const close = pattern.indexOf(']', index + 2);
      if (close < 0) throw invalid('"[" is not closed');
      tokens.push(parseClass(pattern.slice(index + 1, close)));
      index = close;
    } else if (char === ']') {
      throw invalid('"]" without "["');
    } else {
      tokens.push({ type: 'char', char });
    }
  }
  return tokens;
}

function parseClass(body: string): Token {
  const negated = body.startsWith('!') || body.startsWith('^');
  const chars = [...(negated ? body.slice(1) : body)];
  const ranges: [string, string][] = [];
  for (let index = 0; index < chars.length; index++) {
    if (chars[index + 1] === '-' && index + 2 < chars.length) {
      ranges.push([chars[index]!, chars[index + 2]!]);
      index += 2;
    } else {
      ranges.push([chars[index]!, chars[index]!]);
    }
  }
  return { type: 'class', negated, ranges };
}

/** `reachable[i]`: the tokens so far can consume exactly the first `i` characters of `name`. */
function matches({ tokens, segmented }: Compiled, name: string): boolean {
  let reachable = new Array<boolean>(name.length + 1).fill(false);
  reachable[0] = true;
  for (const token of tokens) {
    const next = new Array<boolean>(name.length + 1).fill(false);
    if (token.type === 'star') {
      for (let i = 0; i <= name.length; i++) {
        next[i] = reachable[i]! || (i > 0 && next[i - 1]! && (token.crossSlash || name[i - 1] !== '/'));
      }
    } else {
      for (let i = 1; i <= name.length; i++) next[i] = reachable[i - 1]! && accepts(token, name[i - 1]!, segmented);
    }
    reachable = next;
  }
  return reachable[name.length]!;
}

function accepts(token: Exclude<Token, { type: 'star' }>, char: string, segmented: boolean): boolean {
  if (token.type === 'char') return token.char === char;
  if (segmented && char === '/') return false;
  if (token.type === 'one') return true;
  return token.ranges.some(([from, to]) => char >= from && char <= to) !== token.negated;
}
