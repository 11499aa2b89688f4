/**
 * Keeps templates data, not code (docs/security.md): a template from a library or written by a model must not
 * reach JavaScript. Nunjucks' compiled templates reach values only through a `runtime` object they
 * are handed (`memberLookup`, `callWrap`, `contextOrFrameLookup`, `makeMacro`), so every template
 * llm-do compiles is handed a guarded copy of it; nunjucks itself is not patched, so other users of
 * nunjucks in the same process are unaffected. The guards:
 * - no lookup of `constructor`, `prototype` or `__dunder__` names, static or computed, and only
 *   string or number keys;
 * - only our own functions can be called: the globals below, `file()`, macros and `caller()`; a
 *   JavaScript method (`"x".split`, `{}.hasOwnProperty`) cannot even be looked up;
 * - variables, filters and tests are own properties only (`{{ valueOf() }}` finds nothing);
 * - a render has a budget of steps and output, so a runaway loop ends in an error, not a hang.
 */
import nunjucks from 'nunjucks';
import { forbiddenNameMessage, isForbiddenName } from './names.ts';

type AnyFunction = (...args: unknown[]) => unknown;

/** A nunjucks scope frame (`runtime.Frame`). */
interface Frame {
  set(name: string, value: unknown, resolveUp?: boolean): void;
  push(isolateWrites?: boolean): Frame;
  lookup(name: string): unknown;
}

/** The part of nunjucks' untyped runtime module the guards replace or use. */
interface Runtime {
  Frame: new (parent?: Frame, isolateWrites?: boolean) => Frame;
  memberLookup(obj: unknown, key: unknown): unknown;
  callWrap(fn: unknown, name: string, context: unknown, args: unknown[]): unknown;
  contextOrFrameLookup(context: TemplateContext, frame: Frame, name: string): unknown;
  makeMacro(argNames: string[], kwargNames: string[], body: AnyFunction): AnyFunction;
  suppressValue(value: unknown, autoescape: boolean): unknown;
}

interface TemplateContext {
  ctx: Record<string, unknown>;
  env: { globals: Record<string, unknown> };
}

/** Compiled template code: `root` and one `b_NAME` function per block, each `(env, context, frame, runtime, cb)`. */
type TemplateProps = Record<string, (...args: unknown[]) => void>;

const internals = nunjucks as unknown as {
  runtime: Runtime;
  compiler: { compile(src: string, asyncFilters: unknown[], extensions: unknown[], name: string, opts: object): string };
};
const base = internals.runtime;

/** Templates nested deeper than this (includes, imports, extends) are a runaway, such as a template including itself. */
export const MAX_TEMPLATE_DEPTH = 50;

/** More items than this from `range()` is a runaway template. */
export const MAX_RANGE_ITEMS = 100_000;
/** Steps of one render (loop iterations, lookups, calls, outputs) beyond this are a runaway template. */
export const MAX_TEMPLATE_STEPS = 1_000_000;
/** Rendered output beyond this many characters is a runaway template. */
export const MAX_TEMPLATE_OUTPUT = 10_000_000;

/** The functions every template has, as errors name them. */
const GLOBAL_NAMES = 'file(), range(), cycler() and joiner()';

/** Functions a template may call. */
const callable = new WeakSet<object>();
/** Objects whose methods a template may call (what `cycler()` returns). */
const receivers = new WeakSet<object>();

/** Marks `fn` as a template function and returns it. */
function templateFunction<F extends AnyFunction>(fn: F): F {
  callable.add(fn);
  return fn;
}

function checkedKey(key: unknown): string | number {
  if (typeof key === 'number') return key;
  if (typeof key !== 'string') throw new Error(`a template can look up only names and numbers, not ${key === null ? 'null' : typeof key} values`);
  if (isForbiddenName(key)) throw new Error(forbiddenNameMessage(key));
  return key;
}

/** Work of the render running now (rendering is synchronous; reset when a top-level template starts). */
const budget = { steps: 0, output: 0 };

/** Counts one step of work; a render that never ends (nested loops over big ranges) stops with an error instead. */
function spend(output = 0): void {
  budget.steps += 1;
  budget.output += output;
  if (budget.steps > MAX_TEMPLATE_STEPS) throw new Error(`the template takes more than ${MAX_TEMPLATE_STEPS} steps (a runaway loop?)`);
  if (budget.output > MAX_TEMPLATE_OUTPUT) throw new Error(`the template renders more than ${MAX_TEMPLATE_OUTPUT} characters`);
}

const counting = new WeakSet<Frame>();

/** Makes `frame`, and every frame pushed from it, count its variable writes (each loop iteration makes some). */
function countingFrame(frame: Frame): Frame {
  if (counting.has(frame)) return frame;
  counting.add(frame);
  const set = frame.set;
  frame.set = function (this: Frame, ...args: Parameters<Frame['set']>) {
    spend();
    return set.apply(this, args);
  };
  frame.push = function (this: Frame, isolateWrites?: boolean) {
    return countingFrame(new base.Frame(this, isolateWrites));
  };
  return frame;
}

/** `new runtime.Frame()` of compiled code (macros): a counting frame. */
function GuardedFrame(parent?: Frame, isolateWrites?: boolean): Frame {
  return countingFrame(new base.Frame(parent, isolateWrites));
}

const guardedRuntime: Runtime = {
  ...base,
  Frame: GuardedFrame as unknown as Runtime['Frame'],
  suppressValue(value, autoescape) {
    const shown = base.suppressValue(value, autoescape);
    spend(typeof (shown as { length?: unknown }).length === 'number' ? (shown as { length: number }).length : 1);
    return shown;
  },
  memberLookup(obj, rawKey) {
    spend();
    if (obj === undefined || obj === null) return undefined;
    const key = checkedKey(rawKey);
    const value = (obj as Record<string | number, unknown>)[key];
    if (typeof value !== 'function' || callable.has(value)) return value;
    if (receivers.has(obj) && Object.hasOwn(obj, key)) return templateFunction((...args: unknown[]) => (value as AnyFunction).apply(obj, args));
    throw new Error(`"${key}" is a JavaScript function, not a template function; templates can call only filters, macros and ${GLOBAL_NAMES}`);
  },
  callWrap(fn, name, context, args) {
    spend();
    if (typeof fn !== 'function') return base.callWrap(fn, name, context, args);
    if (!callable.has(fn)) throw new Error(`cannot call ${name}: templates can call only filters, macros and ${GLOBAL_NAMES}`);
    return (fn as AnyFunction).apply(context, args);
  },
  contextOrFrameLookup(context, frame, name) {
    spend();
    const value = frame.lookup(name);
    if (value !== undefined) return value;
    if (Object.hasOwn(context.ctx, name)) return context.ctx[name];
    return Object.hasOwn(context.env.globals, name) ? context.env.globals[name] : undefined;
  },
  makeMacro(argNames, kwargNames, body) {
    return templateFunction(base.makeMacro(argNames, kwargNames, body));
  },
};

/** Jinja's `range`, refusing more than {@link MAX_RANGE_ITEMS} items. */
function range(start: number, stop?: number, step = 1): number[] {
  const [from, to] = stop === undefined ? [0, start] : [start, stop];
  if (typeof from !== 'number' || typeof to !== 'number' || typeof step !== 'number' || step === 0 || !Number.isFinite(step)) {
    throw new Error('range() takes numbers and a non-zero step');
  }
  const count = Math.max(0, Math.ceil((to - from) / step));
  if (count > MAX_RANGE_ITEMS) throw new Error(`range() would make ${count} items; at most ${MAX_RANGE_ITEMS} are allowed`);
  return Array.from({ length: count }, (_, index) => from + index * step);
}

/** Jinja's `cycler`: `.next()`, `.reset()`, `.current`. */
function cycler(...items: unknown[]) {
  let index = -1;
  const state = {
    current: null as unknown,
    reset() {
      index = -1;
      state.current = null;
    },
    next() {
      index = (index + 1) % Math.max(items.length, 1);
      state.current = items[index];
      return state.current;
    },
  };
  receivers.add(state);
  return state;
}

/** Jinja's `joiner`: returns a function giving `''` the first time, then `sep`. */
function joiner(sep = ',') {
  let first = true;
  return templateFunction(() => {
    const value = first ? '' : sep;
    first = false;
    return value;
  });
}

/** Filters whose attribute argument (at this position) is looked up on each item with `item[attr]`. */
const ATTRIBUTE_FILTERS: Readonly<Record<string, number>> = { join: 2, sum: 1, selectattr: 1, rejectattr: 1 };
/** Filters whose size argument (at this position) allocates that many spaces or items at once. */
const SIZE_FILTERS: Readonly<Record<string, number>> = { center: 1, indent: 1, batch: 1, slice: 1 };
/** The largest size argument of {@link SIZE_FILTERS}. */
export const MAX_FILTER_SIZE = 10_000;

/** Wraps the filter `name` of `filters` so `check` sees its arguments first. */
function guardFilter(filters: Record<string, AnyFunction>, name: string, check: (args: unknown[]) => void): void {
  const filter = filters[name]!;
  filters[name] = function (this: unknown, ...args: unknown[]) {
    check(args);
    return filter.apply(this, args);
  };
}

interface EnvironmentInternals {
  globals: Record<string, unknown>;
  filters: Record<string, AnyFunction>;
  tests: Record<string, AnyFunction>;
  getFilter(name: string): AnyFunction;
  getTest(name: string): AnyFunction;
}

/**
 * A nunjucks environment for untrusted templates: own-property filters and tests only, attribute
 * and size arguments of filters guarded, and exactly the globals `range`, `cycler`, `joiner` plus `extraGlobals`.
 */
export function createGuardedEnvironment(
  loader: nunjucks.ILoader,
  options: nunjucks.ConfigureOptions,
  extraGlobals: Record<string, AnyFunction>,
): nunjucks.Environment {
  const env = new nunjucks.Environment(loader, options);
  const internalsOf = env as unknown as EnvironmentInternals;
  const globals: Record<string, unknown> = Object.create(null);
  for (const [name, fn] of Object.entries({ range, cycler, joiner, ...extraGlobals })) globals[name] = templateFunction(fn as AnyFunction);
  internalsOf.globals = globals;
  for (const [name, position] of Object.entries(ATTRIBUTE_FILTERS)) {
    guardFilter(internalsOf.filters, name, (args) => {
      if (typeof args[position] === 'string') checkedKey(args[position]);
    });
  }
  for (const [name, position] of Object.entries(SIZE_FILTERS)) {
    guardFilter(internalsOf.filters, name, (args) => {
      const size = Number(args[position]);
      if (size > MAX_FILTER_SIZE) throw new Error(`${name} takes a size of at most ${MAX_FILTER_SIZE}, got ${size}`);
    });
  }
  const ownEntry = (table: Record<string, AnyFunction>, kind: string) => (name: string) => {
    if (!Object.hasOwn(table, name)) throw new Error(`${kind} not found: ${name}`);
    return table[name]!;
  };
  internalsOf.getFilter = ownEntry(internalsOf.filters, 'filter');
  internalsOf.getTest = ownEntry(internalsOf.tests, 'test');
  return env;
}

/** How many template roots are running right now (rendering is synchronous, so nesting is a stack). */
let depth = 0;

/**
 * Compiles `source` to template code that runs with the guarded runtime: `{ type: 'code', obj }`, what
 * a nunjucks loader may return and `new nunjucks.Template` accepts. Only `root` is wrapped: blocks,
 * parent templates and `super()` are all invoked with the runtime of the code calling them.
 */
export function compileGuarded(source: string, path: string, options: object): { type: 'code'; obj: TemplateProps } {
  const code = internals.compiler.compile(source, [], [], path, options);
  const props = new Function(code)() as TemplateProps;
  const root = props.root!;
  const guardedRoot = (env: unknown, context: unknown, frame: unknown, _runtime: unknown, cb: unknown) => {
    if (depth >= MAX_TEMPLATE_DEPTH) throw new Error(`templates nest more than ${MAX_TEMPLATE_DEPTH} levels deep (does a template include itself?)`);
    if (depth === 0) Object.assign(budget, { steps: 0, output: 0 });
    depth += 1;
    try {
      root(env, context, countingFrame(frame as Frame), guardedRuntime, cb);
    } finally {
      depth -= 1;
    }
  };
  return { type: 'code', obj: { ...props, root: guardedRoot } };
}
