/**
 * The smallest value a JSON Schema accepts, for the offline `test` model's structured output.
 * Covers what zod's `toJSONSchema` and hand-written worker schemas use: types, `const`, `enum`,
 * `required`, `min*` bounds, `multipleOf`, common string formats, local `$ref`s, `anyOf`/`oneOf`
 * (first branch), `allOf` (merged). `pattern` cannot be solved in general and is ignored.
 */
/**
 * Returns a minimal value valid against `schema`: required properties only, first enum value,
 * minimum lengths, item counts and numbers respected.
 *
 * @example minimalValueFor({ type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 2 } } }) // { n: 2 }
 */
export declare function minimalValueFor(schema: unknown): unknown;
