/**
 * The smallest value a JSON Schema accepts, for the offline `test` model's structured output.
 * Covers what zod's `toJSONSchema` and hand-written worker schemas use: types, `const`, `enum`,
 * `required`, `min*` bounds, `multipleOf`, common string formats, local `$ref`s, `anyOf`/`oneOf`
 * (first branch), `allOf` (merged). `pattern` cannot be solved in general and is ignored.
 */
/** Schemas nested deeper than this (a recursive `$ref`) yield `null` rather than looping. */
const MAX_DEPTH = 32;
/** Valid examples for string formats a minimal string like `""` would fail. */
const FORMAT_EXAMPLES = {
    email: 'a@example.com',
    'idn-email': 'a@example.com',
    uri: 'https://example.com',
    url: 'https://example.com',
    'uri-reference': 'https://example.com',
    iri: 'https://example.com',
    uuid: '00000000-0000-4000-8000-000000000000',
    'date-time': '1970-01-01T00:00:00Z',
    date: '1970-01-01',
    time: '00:00:00Z',
    duration: 'P0D',
    ipv4: '127.0.0.1',
    ipv6: '::1',
    hostname: 'example.com',
};
/**
 * Returns a minimal value valid against `schema`: required properties only, first enum value,
 * minimum lengths, item counts and numbers respected.
 *
 * @example minimalValueFor({ type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 2 } } }) // { n: 2 }
 */
export function minimalValueFor(schema) {
    return valueFor(schema, schema, 0);
}
function valueFor(schema, root, depth) {
    if (typeof schema !== 'object' || schema === null || depth > MAX_DEPTH)
        return null;
    if ('const' in schema)
        return schema.const;
    if (Array.isArray(schema.enum) && schema.enum.length > 0)
        return schema.enum[0];
    if (typeof schema.$ref === 'string') {
        const target = resolveRef(schema.$ref, root);
        return target === undefined ? null : valueFor(target, root, depth + 1);
    }
    const choices = (schema.anyOf ?? schema.oneOf);
    if (Array.isArray(choices) && choices.length > 0)
        return valueFor(choices[0], root, depth + 1);
    if (Array.isArray(schema.allOf))
        return valueFor(mergeAll(schema, schema.allOf), root, depth + 1);
    switch (typeOf(schema)) {
        case 'object':
            return objectFor(schema, root, depth);
        case 'array':
            return arrayFor(schema, root, depth);
        case 'string':
            return stringFor(schema);
        case 'integer':
            return numberFor(schema, true);
        case 'number':
            return numberFor(schema, false);
        case 'boolean':
            return false;
        default:
            return null;
    }
}
/** The declared type (the first non-null one of a list), or one implied by the keywords present. */
function typeOf(schema) {
    const { type } = schema;
    if (typeof type === 'string')
        return type;
    if (Array.isArray(type))
        return (type.find((t) => t !== 'null') ?? type[0]);
    if ('properties' in schema || 'required' in schema)
        return 'object';
    if ('items' in schema || 'prefixItems' in schema)
        return 'array';
    if ('minLength' in schema || 'format' in schema)
        return 'string';
    if ('minimum' in schema || 'exclusiveMinimum' in schema)
        return 'number';
    return undefined;
}
function objectFor(schema, root, depth) {
    const properties = (schema.properties ?? {});
    const names = new Set(Array.isArray(schema.required) ? schema.required : []);
    const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
    for (const name of Object.keys(properties)) {
        if (names.size >= minProperties)
            break;
        names.add(name);
    }
    const result = {};
    for (const name of names)
        result[name] = valueFor(properties[name] ?? true, root, depth + 1);
    return result;
}
function arrayFor(schema, root, depth) {
    // Tuples: `prefixItems` (2020-12) or an `items` array (draft 7).
    const tuple = (schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : undefined));
    const itemSchema = (Array.isArray(schema.items) ? schema.additionalItems : schema.items);
    const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
    const result = (tuple ?? []).map((item) => valueFor(item, root, depth + 1));
    while (result.length < minItems)
        result.push(valueFor(itemSchema ?? true, root, depth + 1));
    return result;
}
function stringFor(schema) {
    const example = typeof schema.format === 'string' ? (FORMAT_EXAMPLES[schema.format] ?? '') : '';
    const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
    return example.length >= minLength ? example : example + 'x'.repeat(minLength - example.length);
}
/** The number closest to zero inside the bounds (draft 4 boolean or draft 6+ numeric exclusive bounds), on `multipleOf`. */
function numberFor(schema, integer) {
    const num = (key) => (typeof schema[key] === 'number' ? schema[key] : undefined);
    const min = num('minimum');
    const max = num('maximum');
    const exclusiveMin = num('exclusiveMinimum') ?? (schema.exclusiveMinimum === true ? min : undefined);
    const exclusiveMax = num('exclusiveMaximum') ?? (schema.exclusiveMaximum === true ? max : undefined);
    let value = 0;
    if (min !== undefined && value < min)
        value = min;
    if (max !== undefined && value > max)
        value = max;
    if (exclusiveMin !== undefined && value <= exclusiveMin) {
        const upper = exclusiveMax ?? max;
        value = integer ? Math.floor(exclusiveMin) + 1 : upper !== undefined ? (exclusiveMin + upper) / 2 : exclusiveMin + 1;
    }
    if (exclusiveMax !== undefined && value >= exclusiveMax) {
        const lower = exclusiveMin ?? min;
        value = integer ? Math.ceil(exclusiveMax) - 1 : lower !== undefined ? (lower + exclusiveMax) / 2 : exclusiveMax - 1;
    }
    // A bound above zero rounds up, one below zero rounds down: both stay inside.
    if (integer)
        value = value > 0 ? Math.ceil(value) : Math.floor(value);
    const multipleOf = num('multipleOf');
    if (multipleOf !== undefined && multipleOf > 0 && value !== 0) {
        value = (value > 0 ? Math.ceil(value / multipleOf) : Math.floor(value / multipleOf)) * multipleOf;
    }
    return value;
}
/** `#/$defs/x`, `#/definitions/x`, `#` — local JSON pointers only. */
function resolveRef(ref, root) {
    if (!ref.startsWith('#'))
        return undefined;
    let node = root;
    for (const raw of ref.slice(1).split('/').filter(Boolean)) {
        const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
        if (typeof node !== 'object' || node === null)
            return undefined;
        node = node[key];
    }
    return node;
}
/** Shallow merge for `allOf`: later keywords win, `properties` and `required` are combined. */
function mergeAll(base, parts) {
    const { allOf: _ignored, ...rest } = base;
    const merged = { ...rest };
    for (const part of parts) {
        if (typeof part !== 'object')
            continue;
        const properties = { ...merged.properties, ...part.properties };
        const required = [...(merged.required ?? []), ...(part.required ?? [])];
        Object.assign(merged, part, { properties, required });
    }
    return merged;
}
