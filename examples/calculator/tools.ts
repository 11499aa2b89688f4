/**
 * The calculator's tools. llm-do loads this file at run time with no build step, and
 * `import ... from "llm-do"` / `"zod"` resolve to the llm-do running it (no install needed).
 *
 * It shows the three ways a module can export tools:
 *   1. `defineTool({...})` values            -> evaluate (its name is the export's name)
 *   2. a plain function `foo` + `fooSchema`  -> percent_change (zod), convert_units (JSON Schema)
 *   3. `register(registry)`                  -> statistics
 */
import { defineTool, type ToolRegistry } from 'llm-do';
import { z } from 'zod';

// 1. defineTool -------------------------------------------------------------------------------

export const evaluate = defineTool({
  description:
    'Evaluate an arithmetic expression exactly: numbers, + - * / ^ (power), % (remainder), parentheses, ' +
    'and the functions sqrt(x), abs(x), round(x). Example: (2 + 3) * 4 ^ 2',
  inputSchema: z.object({ expression: z.string().min(1).max(500).describe('The expression, e.g. 12 * (3 + 4)') }),
  execute: ({ expression }) => {
    const value = new ExpressionParser(expression).parse();
    return { expression, value };
  },
});

/** A recursive-descent parser: no `eval`, so a model can never run code through this tool. */
class ExpressionParser {
  private readonly tokens: string[];
  private position = 0;

  constructor(private readonly source: string) {
    this.tokens = source.match(/\d+(?:\.\d+)?(?:e[+-]?\d+)?|[a-z]+|\S/gi) ?? [];
  }

  parse(): number {
    const value = this.sum();
    if (this.position < this.tokens.length) throw new Error(`unexpected "${this.tokens[this.position]}" in ${this.source}`);
    if (!Number.isFinite(value)) throw new Error(`${this.source} has no finite value (division by zero?)`);
    return value;
  }

  private sum(): number {
    let value = this.product();
    while (this.peek() === '+' || this.peek() === '-') value = this.next() === '+' ? value + this.product() : value - this.product();
    return value;
  }

  private product(): number {
    let value = this.power();
    while (['*', '/', '%'].includes(this.peek() ?? '')) {
      const operator = this.next();
      const right = this.power();
      value = operator === '*' ? value * right : operator === '/' ? value / right : value % right;
    }
    return value;
  }

  private power(): number {
    const base = this.unary();
    return this.peek() === '^' ? (this.next(), base ** this.power()) : base;
  }

  private unary(): number {
    if (this.peek() === '-') return (this.next(), -this.unary());
    if (this.peek() === '+') return (this.next(), this.unary());
    return this.atom();
  }

  private atom(): number {
    const token = this.next();
    if (token === undefined) throw new Error(`${this.source} ends too early`);
    if (token === '(') {
      const value = this.sum();
      if (this.next() !== ')') throw new Error(`missing ")" in ${this.source}`);
      return value;
    }
    if (/^\d/.test(token)) return Number(token);
    const functions: Record<string, (x: number) => number> = { sqrt: Math.sqrt, abs: Math.abs, round: Math.round };
    const fn = functions[token.toLowerCase()];
    if (fn === undefined) throw new Error(`unknown name "${token}"; known functions: sqrt, abs, round`);
    if (this.peek() !== '(') throw new Error(`${token} needs parentheses, e.g. ${token}(2)`);
    return fn(this.atom());
  }

  private peek(): string | undefined {
    return this.tokens[this.position];
  }

  private next(): string | undefined {
    return this.tokens[this.position++];
  }
}

// 2. plain functions with a matching <name>Schema ---------------------------------------------

/** The tool description comes from the schema's `.describe()`. */
export const percent_changeSchema = z
  .object({
    from: z.number().describe('The original value'),
    to: z.number().describe('The new value'),
  })
  .describe('Percentage change from one value to another, e.g. from 80 to 100 is +25%.');

export function percent_change({ from, to }: z.infer<typeof percent_changeSchema>) {
  if (from === 0) throw new Error('the original value is 0, so a percentage change is undefined');
  const percent = ((to - from) / Math.abs(from)) * 100;
  return { from, to, percent: Math.round(percent * 100) / 100 };
}

/** Factors to a base unit (metre, kilogram). Temperatures are converted separately. */
const FACTORS: Record<string, number> = {
  mm: 0.001,
  cm: 0.01,
  m: 1,
  km: 1000,
  in: 0.0254,
  ft: 0.3048,
  mi: 1609.344,
  g: 0.001,
  kg: 1,
  lb: 0.45359237,
  oz: 0.028349523125,
};
const LENGTHS = ['mm', 'cm', 'm', 'km', 'in', 'ft', 'mi'];
const TEMPERATURES = ['C', 'F', 'K'];
const UNITS = [...Object.keys(FACTORS), ...TEMPERATURES];

/** A JSON Schema object works too; its `description` describes the tool. */
export const convert_unitsSchema = {
  type: 'object',
  description: `Convert a value between units: lengths (${LENGTHS.join(', ')}), masses (g, kg, lb, oz), temperatures (C, F, K).`,
  properties: {
    value: { type: 'number' },
    from: { type: 'string', enum: UNITS },
    to: { type: 'string', enum: UNITS },
  },
  required: ['value', 'from', 'to'],
  additionalProperties: false,
};

export function convert_units({ value, from, to }: { value: number; from: string; to: string }) {
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  if (TEMPERATURES.includes(from) !== TEMPERATURES.includes(to) || LENGTHS.includes(from) !== LENGTHS.includes(to)) {
    throw new Error(`cannot convert ${from} to ${to}: they measure different things`);
  }
  if (TEMPERATURES.includes(from)) {
    const kelvin = from === 'C' ? value + 273.15 : from === 'F' ? ((value - 32) * 5) / 9 + 273.15 : value;
    const result = to === 'C' ? kelvin - 273.15 : to === 'F' ? ((kelvin - 273.15) * 9) / 5 + 32 : kelvin;
    return { value, from, to, result: round(result) };
  }
  return { value, from, to, result: round((value * FACTORS[from]!) / FACTORS[to]!) };
}

// 3. register(registry) -------------------------------------------------------------------------

/** For tools built at load time (from config, a list, ...). Here: one statistics tool. */
export function register(registry: ToolRegistry): void {
  registry.tool('statistics', {
    description: 'Mean, median, minimum, maximum and (population) standard deviation of a list of numbers.',
    inputSchema: z.object({ numbers: z.array(z.number()).min(1).max(10_000) }),
    needsApproval: false,
    execute: ({ numbers }: { numbers: number[] }) => {
      const sorted = [...numbers].sort((a, b) => a - b);
      const mean = numbers.reduce((total, x) => total + x, 0) / numbers.length;
      const middle = Math.floor(sorted.length / 2);
      const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
      const stdev = Math.sqrt(numbers.reduce((total, x) => total + (x - mean) ** 2, 0) / numbers.length);
      const round = (x: number) => Math.round(x * 1e6) / 1e6;
      return { count: numbers.length, mean: round(mean), median, min: sorted[0], max: sorted.at(-1), stdev: round(stdev) };
    },
  });
}
