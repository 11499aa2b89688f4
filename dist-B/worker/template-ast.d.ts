/**
 * Options every llm-do template is built with: no HTML escaping (prompts are not HTML), undefined
 * output is an error. Whitespace around tags is handled by `template-whitespace.ts`, not `trimBlocks`.
 */
export declare const TEMPLATE_OPTIONS: {
    readonly autoescape: false;
    readonly throwOnUndefined: true;
};
/** A syntax or compile error: message and 1-based position within the source. */
export interface TemplateSyntaxError {
    message: string;
    line?: number;
    column?: number;
}
/** What llm-do checks in a template source before using it. */
export interface TemplateAnalysis {
    /** The first syntax or compile error. */
    syntaxError?: TemplateSyntaxError;
    /** The first name templates may never use (looked for only when the source compiles). */
    forbiddenName?: TemplateSyntaxError;
    /** Templates and files it names statically, by line (none when it does not compile). */
    references: readonly StaticReference[];
}
/**
 * Checks `source` for a syntax error, forbidden names and static references.
 * Remembered by text, so a template that every worker of a project includes is analysed once.
 */
export declare function analyzeTemplate(source: string): TemplateAnalysis;
/** A template or file named by a string literal in a source. */
export interface StaticReference {
    kind: 'template' | 'file';
    name: string;
    /** 1-based line of the reference. */
    line: number;
    /** `{% include ... ignore missing %}`. */
    optional: boolean;
}
/**
 * The expression printed by the `{{ }}` at a 1-based position, e.g. `topic` or `user.name`, and whether
 * it is a plain variable name.
 */
export declare function expressionAt(source: string, line: number, column: number): {
    text: string;
    plain: boolean;
} | undefined;
