/** A memo keeping at most `maxChars` characters of text. */
export function createTextMemo(maxChars) {
    const results = new Map();
    let keptChars = 0;
    return {
        get(text, compute) {
            if (results.has(text))
                return results.get(text);
            const result = compute(text);
            if (text.length <= maxChars) {
                results.set(text, result);
                keptChars += text.length;
                while (keptChars > maxChars) {
                    const oldest = results.keys().next().value;
                    results.delete(oldest);
                    keptChars -= oldest.length;
                }
            }
            return result;
        },
    };
}
