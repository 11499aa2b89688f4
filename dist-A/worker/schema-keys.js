function defOf(schema) {
    const def = schema?._zod?.def;
    return def && typeof def.type === 'string' ? def : undefined;
}
/** Peels wrappers (optional, nullable, default, preprocess pipes, lazy) and splits unions. */
function variants(schema, depth = 0) {
    const def = defOf(schema);
    if (!def || depth > 20)
        return [];
    switch (def.type) {
        case 'optional':
        case 'nullable':
        case 'default':
        case 'prefault':
        case 'readonly':
        case 'catch':
            return variants(def.innerType, depth + 1);
        case 'pipe':
            // z.preprocess(fn, schema) is a pipe from a transform into the real schema.
            return variants(defOf(def.in)?.type === 'transform' ? def.out : def.in, depth + 1);
        case 'lazy':
            return variants(def.getter(), depth + 1);
        case 'union':
            return def.options.flatMap((option) => variants(option, depth + 1));
        default:
            return [schema];
    }
}
function child(schema, segment) {
    return variants(schema).flatMap((variant) => {
        const def = defOf(variant);
        if (def.type === 'object') {
            const shape = def.shape;
            return typeof segment === 'string' && segment in shape ? [shape[segment]] : [];
        }
        if (def.type === 'record')
            return [def.valueType];
        if (def.type === 'array')
            return typeof segment === 'number' ? [def.element] : [];
        return [];
    });
}
/** The keys an object at `path` may have, or `[]` when there is no object schema there. */
export function objectKeysAt(schema, path) {
    let current = [schema];
    for (const segment of path)
        current = current.flatMap((s) => child(s, segment));
    const keys = new Set();
    for (const variant of current.flatMap((s) => variants(s))) {
        const def = defOf(variant);
        if (def.type === 'object')
            for (const key of Object.keys(def.shape))
                keys.add(key);
    }
    return [...keys];
}
