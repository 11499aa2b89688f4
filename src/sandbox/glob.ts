/**
 * Glob patterns matched in linear time (SPEC §15). picomatch compiles globs to backtracking regular
 * expressions, so a pattern like `**\/*a*a*a*a*a*b` against long names can run for minutes; here a
 * pattern compiles to a small automaton simulated one character at a time over all its states at
 * once (Thompson's construction), so a match costs at most text length × pattern size steps,
 * whatever the pattern. Characters are UTF-16 code units, as in JavaScript regular expressions. Only the syntax users expect is supported; anything else is literal:
 *
 * - `*` any run of characters except `/`; `?` one character except `/`
 * - `**` as a whole path segment: any number of segments (`**\/x`, `a/**\/x`, `a/**`)
 * - `[abc]`, `[a-z]`, `[!a-z]` / `[^a-z]` one character (never `/`) in or out of a set
 * - `{a,b}` either alternative (nestable; alternatives may hold `/` and wildcards)
 * - `\x` the character `x` itself; a leading `!` negates the whole pattern
 *
 * Dotfiles are matched like any other name (picomatch's `dot: true`). This module has no
 * dependency on the sandbox: it is meant to serve every glob of the project.
 *
 * @module glob
 */

/** Longest pattern {@link compileGlob} accepts, in characters. */
export const MAX_GLOB_CHARS = 1000;

type Instruction =
  | { op: 'char'; char: string }
  | { op: 'any' }
  | { op: 'any-or-slash' }
  | { op: 'class'; negated: boolean; ranges: [string, string][] }
  | { op: 'split'; first: number; second: number }
  | { op: 'jump'; to: number }
  | { op: 'match' };

type Node =
  | { type: 'char'; char: string }
  | { type: 'any' }
  | { type: 'star' }
  | { type: 'globstar'; slash: boolean }
  | { type: 'class'; negated: boolean; ranges: [string, string][] }
  | { type: 'alternatives'; branches: Node[][] };

/** A compiled pattern. */
export interface GlobMatcher {
  /** True when the whole of `path` matches. */
  matches(path: string): boolean;
  /** Automaton steps taken so far by {@link matches}, for callers that bound the total work. */
  readonly steps: number;
}

/** Index of the `]` closing the class opened at `start`, or -1 (then `[` is a literal). */
function classEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === '!' || pattern[i] === '^') i++;
  if (pattern[i] === ']') i++; // a `]` first in the set is a member
  for (; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === '/') return -1;
    else if (pattern[i] === ']') return i;
  }
  return -1;
}

/** For each `{` that opens an alternation (closed, with a comma at its own depth), the index of its `}`: one linear pass. */
function alternationSpans(pattern: string): Map<number, number> {
  const spans = new Map<number, number>();
  const open: { at: number; comma: boolean }[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') i++;
    else if (char === '[') {
      const end = classEnd(pattern, i);
      if (end !== -1) i = end;
    } else if (char === '{') open.push({ at: i, comma: false });
    else if (char === ',' && open.length > 0) (open[open.length - 1] as { comma: boolean }).comma = true;
    else if (char === '}' && open.length > 0) {
      const brace = open.pop() as { at: number; comma: boolean };
      if (brace.comma) spans.set(brace.at, i);
    }
  }
  return spans;
}

function parseClass(pattern: string, start: number, end: number): Node {
  let i = start + 1;
  const negated = pattern[i] === '!' || pattern[i] === '^';
  if (negated) i++;
  const members: string[] = [];
  for (; i < end; i++) members.push(pattern[i] === '\\' ? (pattern[++i] as string) : (pattern[i] as string));
  const ranges: [string, string][] = [];
  for (let m = 0; m < members.length; m++) {
    const low = members[m] as string;
    if (members[m + 1] === '-' && m + 2 < members.length) {
      ranges.push([low, members[m + 2] as string]);
      m += 2;
    } else ranges.push([low, low]);
  }
  return { type: 'class', negated, ranges };
}

/** Parses `pattern[from, to)`; `spans` says which braces open alternations. */
function parse(pattern: string, from: number, to: number, spans: Map<number, number>): Node[] {
  const nodes: Node[] = [];
  for (let i = from; i < to; i++) {
    const char = pattern[i] as string;
    if (char === '\\' && i + 1 < to) {
      nodes.push({ type: 'char', char: pattern[++i] as string });
    } else if (char === '?') {
      nodes.push({ type: 'any' });
    } else if (char === '*') {
      let end = i;
      while (pattern[end + 1] === '*' && end + 1 < to) end++;
      const before = i === from ? '/' : pattern[i - 1];
      const after = end + 1 === to ? '' : pattern[end + 1];
      const wholeSegment = end > i && before === '/' && (after === '' || after === '/');
      if (wholeSegment) {
        nodes.push({ type: 'globstar', slash: after === '/' });
        if (after === '/') end++;
      } else nodes.push({ type: 'star' });
      i = end;
    } else if (char === '[' && classEnd(pattern, i) !== -1 && classEnd(pattern, i) < to) {
      const end = classEnd(pattern, i);
      nodes.push(parseClass(pattern, i, end));
      i = end;
    } else if (char === '{' && spans.has(i) && (spans.get(i) as number) < to) {
      const end = spans.get(i) as number;
      const branches: Node[][] = [];
      let start = i + 1;
      for (let j = i + 1; j <= end; j++) {
        const c = pattern[j];
        if (c === '\\') j++;
        else if (c === '[' && classEnd(pattern, j) !== -1) j = classEnd(pattern, j);
        else if (c === '{' && spans.has(j)) j = spans.get(j) as number;
        else if (c === ',' || j === end) {
          branches.push(parse(pattern, start, j, spans));
          start = j + 1;
        }
      }
      nodes.push({ type: 'alternatives', branches });
      i = end;
    } else {
      nodes.push({ type: 'char', char });
    }
  }
  return nodes;
}

/** Emits a loop over one instruction: `x*`. */
function emitLoop(program: Instruction[], body: Instruction): void {
  const split = program.length;
  program.push({ op: 'split', first: split + 1, second: split + 3 }, body, { op: 'jump', to: split });
}

function emit(program: Instruction[], nodes: readonly Node[]): void {
  for (const node of nodes) {
    switch (node.type) {
      case 'char':
        program.push({ op: 'char', char: node.char });
        break;
      case 'any':
        program.push({ op: 'any' });
        break;
      case 'star':
        emitLoop(program, { op: 'any' });
        break;
      case 'class':
        program.push({ op: 'class', negated: node.negated, ranges: node.ranges });
        break;
      case 'globstar': {
        if (!node.slash) {
          emitLoop(program, { op: 'any-or-slash' });
          break;
        }
        // `**/`: nothing, or anything ending in `/` (whole segments).
        const skip = { op: 'split', first: program.length + 1, second: -1 } as Extract<Instruction, { op: 'split' }>;
        program.push(skip);
        emitLoop(program, { op: 'any-or-slash' });
        program.push({ op: 'char', char: '/' });
        skip.second = program.length;
        break;
      }
      case 'alternatives': {
        const exits: Extract<Instruction, { op: 'jump' }>[] = [];
        node.branches.forEach((branch, index) => {
          const last = index === node.branches.length - 1;
          const split = { op: 'split', first: program.length + 1, second: -1 } as Extract<Instruction, { op: 'split' }>;
          if (!last) program.push(split);
          emit(program, branch);
          if (!last) {
            const exit = { op: 'jump', to: -1 } as Extract<Instruction, { op: 'jump' }>;
            program.push(exit);
            exits.push(exit);
            split.second = program.length;
          }
        });
        for (const exit of exits) exit.to = program.length;
        break;
      }
    }
  }
}

const CHAR = 0;
const ANY = 1;
const ANY_OR_SLASH = 2;
const CLASS = 3;
const SPLIT = 4;
const JUMP = 5;
const MATCH = 6;
const SLASH = 47;

/** The program as flat arrays (opcode, two operands), so a step is a few array reads. */
interface Machine {
  op: Uint8Array;
  /** CHAR: the UTF-16 code unit; CLASS: index into `classes`; SPLIT, JUMP: first target. */
  a: Int32Array;
  /** SPLIT: second target. */
  b: Int32Array;
  /** Per class: negated flag first, then low/high code unit pairs. */
  classes: Int32Array[];
}

function assemble(program: readonly Instruction[]): Machine {
  const machine: Machine = { op: new Uint8Array(program.length), a: new Int32Array(program.length), b: new Int32Array(program.length), classes: [] };
  program.forEach((instruction, pc) => {
    switch (instruction.op) {
      case 'char':
        machine.op[pc] = CHAR;
        machine.a[pc] = instruction.char.charCodeAt(0);
        break;
      case 'any':
        machine.op[pc] = ANY;
        break;
      case 'any-or-slash':
        machine.op[pc] = ANY_OR_SLASH;
        break;
      case 'class':
        machine.op[pc] = CLASS;
        machine.a[pc] = machine.classes.length;
        machine.classes.push(Int32Array.from([instruction.negated ? 1 : 0, ...instruction.ranges.flatMap(([low, high]) => [low.charCodeAt(0), high.charCodeAt(0)])]));
        break;
      case 'split':
        machine.op[pc] = SPLIT;
        machine.a[pc] = instruction.first;
        machine.b[pc] = instruction.second;
        break;
      case 'jump':
        machine.op[pc] = JUMP;
        machine.a[pc] = instruction.to;
        break;
      case 'match':
        machine.op[pc] = MATCH;
        break;
    }
  });
  return machine;
}

/** Whether the consuming state `pc` reads the code unit `char`. */
function accepts(machine: Machine, pc: number, char: number): boolean {
  switch (machine.op[pc]) {
    case CHAR:
      return machine.a[pc] === char;
    case ANY:
      return char !== SLASH;
    case ANY_OR_SLASH:
      return true;
    case CLASS: {
      if (char === SLASH) return false;
      const set = machine.classes[machine.a[pc] as number] as Int32Array;
      let member = false;
      for (let i = 1; i < set.length && !member; i += 2) member = char >= (set[i] as number) && char <= (set[i + 1] as number);
      return member !== (set[0] === 1);
    }
    default:
      return false;
  }
}

/**
 * Compiles a glob (syntax in the module comment) into a matcher whose cost is linear in the text.
 * @throws RangeError when the pattern is longer than {@link MAX_GLOB_CHARS} characters.
 * @example
 * compileGlob('src/**\/*.{ts,md}').matches('src/a/b.ts'); // true
 */
export function compileGlob(pattern: string): GlobMatcher {
  if (pattern.length > MAX_GLOB_CHARS) throw new RangeError(`a glob pattern may be at most ${MAX_GLOB_CHARS} characters`);
  const negated = pattern.startsWith('!');
  const body = negated ? pattern.slice(1) : pattern;
  const program: Instruction[] = [];
  emit(program, parse(body, 0, body.length, alternationSpans(body)));
  program.push({ op: 'match' });

  const machine = assemble(program);
  const seen = new Uint32Array(machine.op.length);
  let current = new Int32Array(machine.op.length);
  let next = new Int32Array(machine.op.length);
  const pending = new Int32Array(machine.op.length * 2 + 1);
  let generation = 0;
  let steps = 0;

  /** Adds `start` and every state reachable from it without reading a character to `list` (of `size`); returns the new size. */
  function follow(list: Int32Array, size: number, start: number): number {
    let top = 0;
    pending[top++] = start;
    while (top > 0) {
      const pc = pending[--top] as number;
      if (seen[pc] === generation) continue;
      seen[pc] = generation;
      const op = machine.op[pc];
      if (op === SPLIT) {
        pending[top++] = machine.b[pc] as number;
        pending[top++] = machine.a[pc] as number;
      } else if (op === JUMP) pending[top++] = machine.a[pc] as number;
      else list[size++] = pc;
    }
    return size;
  }

  function run(text: string): boolean {
    generation++;
    let size = follow(current, 0, 0);
    for (let i = 0; i < text.length; i++) {
      const char = text.charCodeAt(i);
      generation++;
      let nextSize = 0;
      for (let t = 0; t < size; t++) {
        const pc = current[t] as number;
        if (accepts(machine, pc, char)) nextSize = follow(next, nextSize, pc + 1);
      }
      steps += size;
      if (nextSize === 0) return false;
      [current, next] = [next, current];
      size = nextSize;
    }
    for (let t = 0; t < size; t++) if (machine.op[current[t] as number] === MATCH) return true;
    return false;
  }

  return {
    matches: (path) => run(path) !== negated,
    get steps() {
      return steps;
    },
  };
}
