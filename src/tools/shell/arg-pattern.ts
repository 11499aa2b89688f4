/**
 * Patterns for `shell` rule arguments (`args: ["--oneline", "-[0-9]*"]`), with the meaning of a
 * shell `case` pattern: `*` any run of characters (`/` included), `?` one character, `[abc]`,
 * `[a-z]`, `[!x]` or `[^x]` one character of a class, `\x` a literal `x`; as in a shell, a `[`
 * without its `]` and a trailing `\` are literal. Matched in O(pattern × argument) time without
 * regular expressions, so no argument can make matching slow.
 */

type Token = { kind: 'star' } | { kind: 'any' } | { kind: 'char'; char: string } | { kind: 'class'; negated: boolean; ranges: [string, string][] };

/** A compiled argument pattern. */
export interface ArgPattern {
  /** The pattern as written. */
  source: string;
  /** The text before the first wildcard: what the pattern spells out literally. */
  literalPrefix: string;
  /** The pattern has no wildcard: it spells out one argument exactly. */
  exact: boolean;
  matches(arg: string): boolean;
}

/** Compiles `source` (every string is a valid pattern). */
export function compileArgPattern(source: string): ArgPattern {
  const tokens = tokenize(source);
  const firstWild = tokens.findIndex((token) => token.kind !== 'char');
  const literal = (firstWild < 0 ? tokens : tokens.slice(0, firstWild)).map((token) => (token.kind === 'char' ? token.char : '')).join('');
  return { source, literalPrefix: literal, exact: firstWild < 0, matches: (arg) => matchTokens(tokens, [...arg]) };
}

function tokenize(source: string): Token[] {
  const chars = [...source];
  const tokens: Token[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (c === '?') {
      tokens.push({ kind: 'any' });
    } else if (c === '\\') {
      tokens.push({ kind: 'char', char: chars[++i] ?? '\\' });
    } else if (c === '[') {
      const end = closingBracket(chars, i);
      if (end < 0) {
        tokens.push({ kind: 'char', char: c });
        continue;
      }
      tokens.push(parseClass(chars.slice(i + 1, end)));
      i = end;
    } else {
      tokens.push({ kind: 'char', char: c });
    }
  }
  return tokens;
}

/** Index of the `]` closing the class opened at `open`; a `]` right after `[`, `[!` or `[^` is literal. */
function closingBracket(chars: readonly string[], open: number): number {
  let i = open + 1;
  if (chars[i] === '!' || chars[i] === '^') i++;
  if (chars[i] === ']') i++;
  for (; i < chars.length; i++) if (chars[i] === ']') return i;
  return -1;
}

function parseClass(body: readonly string[]): Token {
  const negated = body[0] === '!' || body[0] === '^';
  const chars = negated ? body.slice(1) : body;
  const ranges: [string, string][] = [];
  for (let i = 0; i < chars.length; i++) {
    const from = chars[i]!;
    if (chars[i + 1] === '-' && i + 2 < chars.length) {
      ranges.push([from, chars[i + 2]!]);
      i += 2;
    } else {
      ranges.push([from, from]);
    }
  }
  return { kind: 'class', negated, ranges };
}

function matchOne(token: Token, char: string): boolean {
  if (token.kind === 'any') return true;
  if (token.kind === 'char') return token.char === char;
  if (token.kind === 'class') return token.ranges.some(([from, to]) => from <= char && char <= to) !== token.negated;
  return false;
}

/** Wildcard matching with one backtrack point (the last `*`): O(tokens × chars). */
function matchTokens(tokens: readonly Token[], chars: readonly string[]): boolean {
  let t = 0;
  let c = 0;
  let starToken = -1;
  let starChar = 0;
  while (c < chars.length) {
    const token = tokens[t];
    if (token?.kind === 'star') {
      starToken = t++;
      starChar = c;
    } else if (token && matchOne(token, chars[c]!)) {
      t++;
      c++;
    } else if (starToken >= 0) {
      t = starToken + 1;
      c = ++starChar;
    } else {
      return false;
    }
  }
  while (tokens[t]?.kind === 'star') t++;
  return t === tokens.length;
}
