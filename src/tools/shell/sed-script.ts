/**
 * Reads a sed script far enough to find the commands that write files (`w`, `W`, the `w` flag of
 * `s`), read files (`r`, `R`) or run commands (`e`, the `e` flag of `s`). GNU sed syntax; anything
 * this reader does not understand counts as risky, so a misreading can only refuse, never allow.
 */

const RISKY_COMMANDS: Readonly<Record<string, string>> = {
  w: 'writes a file (sed "w" command)',
  W: 'writes a file (sed "W" command)',
  r: 'reads a file named in the script (sed "r" command)',
  R: 'reads a file named in the script (sed "R" command)',
  e: 'runs a command (sed "e" command)',
};
const PLAIN_COMMANDS = new Set('=dDgGhHnNpPxzF{}');
const NUMBER_COMMANDS = new Set('lLqQ');
const LABEL_COMMANDS = new Set(':btTv');
const TEXT_COMMANDS = new Set('aic');
const S_FLAGS = /[gpiImM0-9]/;

/** Why the sed `script` is risky, or undefined when it only reads its input and prints. */
export function riskySedScript(script: string): string | undefined {
  try {
    return new SedReader(script).firstRisk();
  } catch {
    return 'is a sed script this check cannot read, so it may write files or run commands';
  }
}

class SedReader {
  private i = 0;
  constructor(private readonly s: string) {}

  firstRisk(): string | undefined {
    for (;;) {
      this.skip(/[\s;]/);
      if (this.i >= this.s.length) return undefined;
      if (this.peek() === '#') {
        this.skipLine();
        continue;
      }
      this.address();
      this.skip(/[ \t]/);
      if (this.peek() === ',') {
        this.i++;
        this.skip(/[ \t]/);
        this.address();
      }
      this.skip(/[ \t!]/);
      const command = this.next();
      const risk = this.command(command);
      if (risk) return risk;
    }
  }

  private command(command: string): string | undefined {
    if (Object.hasOwn(RISKY_COMMANDS, command)) return RISKY_COMMANDS[command];
    if (PLAIN_COMMANDS.has(command)) return undefined;
    if (NUMBER_COMMANDS.has(command)) return this.skip(/[ \t0-9]/);
    if (LABEL_COMMANDS.has(command)) return this.skipUntil(/[;\n]/);
    if (TEXT_COMMANDS.has(command)) return this.skipText();
    if (command === 's') return this.substitute();
    if (command === 'y') {
      const delimiter = this.delimiter();
      this.plain(delimiter);
      this.plain(delimiter);
      return undefined;
    }
    throw new Error(`unknown sed command ${command}`);
  }

  private substitute(): string | undefined {
    const delimiter = this.delimiter();
    this.regex(delimiter);
    this.plain(delimiter);
    for (;;) {
      const flag = this.peek();
      if (flag === 'w') return 'writes a file (the "w" flag of sed "s")';
      if (flag === 'e') return 'runs a command (the "e" flag of sed "s")';
      if (flag === undefined || !S_FLAGS.test(flag)) return undefined;
      this.i++;
    }
  }

  /** An address: a line number, `$`, `first~step`, `+N`, `/regex/` or `\cregexc`, with `I`/`M` flags. */
  private address(): void {
    const c = this.peek();
    if (c === '/' || c === '\\') {
      this.i++;
      this.regex(c === '/' ? '/' : this.next());
      this.skip(/[IM]/);
      return;
    }
    this.skip(/[0-9$~+]/);
  }

  private delimiter(): string {
    const delimiter = this.next();
    if (delimiter === '\n' || delimiter === '\\') throw new Error('bad delimiter');
    return delimiter;
  }

  /** A regex up to the closing delimiter; bracket expressions may hold the delimiter literally. */
  private regex(delimiter: string): void {
    for (;;) {
      const c = this.next();
      if (c === '\\') this.next();
      else if (c === '[') this.bracket();
      else if (c === delimiter) return;
      else if (c === '\n') throw new Error('newline in regex');
    }
  }

  private bracket(): void {
    if (this.peek() === '^') this.i++;
    if (this.peek() === ']') this.i++;
    for (;;) {
      const c = this.next();
      if (c === ']') return;
      if (c === '[' && /[:.=]/.test(this.peek() ?? '')) {
        const kind = this.next();
        const end = this.s.indexOf(`${kind}]`, this.i);
        if (end < 0) throw new Error('unterminated class');
        this.i = end + 2;
      }
    }
  }

  /** The replacement of `s` or a part of `y`: up to the delimiter, with backslash escapes. */
  private plain(delimiter: string): void {
    for (;;) {
      const c = this.next();
      if (c === '\\') this.next();
      else if (c === delimiter) return;
    }
  }

  /** `a text`, `a\` + lines: to the end of the line, continuing over lines that end with a backslash. */
  private skipText(): undefined {
    while (this.i < this.s.length) {
      const c = this.next();
      if (c === '\\') this.next();
      else if (c === '\n') break;
    }
    return undefined;
  }

  private skipLine(): void {
    this.skipUntil(/\n/);
  }

  private skipUntil(stop: RegExp): undefined {
    while (this.i < this.s.length && !stop.test(this.s[this.i]!)) this.i++;
    return undefined;
  }

  private skip(chars: RegExp): undefined {
    while (this.i < this.s.length && chars.test(this.s[this.i]!)) this.i++;
    return undefined;
  }

  private peek(): string | undefined {
    return this.s[this.i];
  }

  private next(): string {
    const c = this.s[this.i++];
    if (c === undefined) throw new Error('unexpected end of script');
    return c;
  }
}
