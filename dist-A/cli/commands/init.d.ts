import { type CliIO } from '../io.ts';
/** What a template is for, and which of its files sets the default model. */
interface TemplateInfo {
    description: string;
    modelFile: string;
}
/** The templates `init` offers, in the order `--list-templates` shows them. */
export declare const INIT_TEMPLATES: Readonly<Record<string, TemplateInfo>>;
/** The template used when `--template` is not given. */
export declare const DEFAULT_INIT_TEMPLATE = "minimal";
/** Options of `llm-do init`. */
export interface InitOptions {
    /** Directory to create; its last segment becomes the project name. Relative to `dir`. */
    name?: string;
    /** Template name. @default 'minimal' */
    template?: string;
    /** Print the templates with a one-line description instead of creating anything. */
    listTemplates?: boolean;
    /** Directory `name` is relative to, itself relative to `io.cwd`. @default io.cwd */
    dir?: string;
}
/**
 * Runs `init`: creates the project (listing its files and the next steps on stderr) and returns
 * 0, or 2 when the name or template is invalid or the target already exists (nothing is written).
 *
 * @example
 * await runInit({ name: 'demo', template: 'pipeline' }, io); // creates ./demo
 */
export declare function runInit(options: InitOptions, io: CliIO): Promise<number>;
export {};
