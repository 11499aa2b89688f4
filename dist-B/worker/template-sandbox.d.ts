/**
 * Keeps templates data, not code (SPEC §15): a template from a library or written by a model must not
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
type AnyFunction = (...args: unknown[]) => unknown;
/** Compiled template code: `root` and one `b_NAME` function per block, each `(env, context, frame, runtime, cb)`. */
type TemplateProps = Record<string, (...args: unknown[]) => void>;
/** Templates nested deeper than this (includes, imports, extends) are a runaway, such as a template including itself. */
export declare const MAX_TEMPLATE_DEPTH = 50;
/** More items than this from `range()` is a runaway template. */
export declare const MAX_RANGE_ITEMS = 100000;
/** Steps of one render (loop iterations, lookups, calls, outputs) beyond this are a runaway template. */
export declare const MAX_TEMPLATE_STEPS = 1000000;
/** Rendered output beyond this many characters is a runaway template. */
export declare const MAX_TEMPLATE_OUTPUT = 10000000;
/** True for names a template may never look up or define: `constructor`, `prototype`, `__proto__` and every `__x__`. */
export declare function isForbiddenName(name: string): boolean;
/** Why a name is refused, as a template error says it. */
export declare function forbiddenNameMessage(name: string): string;
/** The largest size argument of {@link SIZE_FILTERS}. */
export declare const MAX_FILTER_SIZE = 10000;
/**
 * A nunjucks environment for untrusted templates: own-property filters and tests only, attribute
 * and size arguments of filters guarded, and exactly the globals `range`, `cycler`, `joiner` plus `extraGlobals`.
 */
export declare function createGuardedEnvironment(loader: nunjucks.ILoader, options: nunjucks.ConfigureOptions, extraGlobals: Record<string, AnyFunction>): nunjucks.Environment;
/**
 * Compiles `source` to template code that runs with the guarded runtime: `{ type: 'code', obj }`, what
 * a nunjucks loader may return and `new nunjucks.Template` accepts. Only `root` is wrapped: blocks,
 * parent templates and `super()` are all invoked with the runtime of the code calling them.
 */
export declare function compileGuarded(source: string, path: string, options: object): {
    type: 'code';
    obj: TemplateProps;
};
export {};
