/**
 * Parsing a glob into a syntax tree, in one left-to-right pass. Malformed syntax is an error (never
 * silently literal), so a typo cannot turn a pattern into one that quietly matches nothing.
 */
/** A pattern that is not valid glob syntax; `message` says why and names the pattern. */
export class GlobSyntaxError extends Error {
    pattern;
    reason;
    constructor(pattern, reason) {
        super(`invalid pattern ${JSON.stringify(pattern.length > 100 ? `${pattern.slice(0, 100)}…` : pattern)}: ${reason}`);
        this.pattern = pattern;
        this.reason = reason;
        this.name = 'GlobSyntaxError';
    }
}
const SLASH = 47;
/** Parses `text` (the pattern without its negating `!`). */
export function parseGlob(text, segmented, pattern) {
    return parseSequence({ pattern, text, at: 0, segmented }, false);
}
/** Reads elements up to the end, or (inside braces) up to the `,` or `}` ending the alternative. */
function parseSequence(cursor, inBraces) {
    const nodes = [];
    const { text } = cursor;
    while (cursor.at < text.length) {
        const char = text[cursor.at];
        if (inBraces && (char === ',' || char === '}'))
            return nodes;
        const start = cursor.at++;
        if (char === '\\') {
            if (cursor.at === text.length)
                throw new GlobSyntaxError(cursor.pattern, '"\\" at the end escapes nothing');
            nodes.push({ type: 'char', code: text.charCodeAt(cursor.at++) });
        }
        else if (char === '?') {
            nodes.push({ type: 'one' });
        }
        else if (char === '*') {
            while (text[cursor.at] === '*')
                cursor.at++;
            const next = text[cursor.at];
            // A segment starts at the start of the pattern or of an alternative, and after a `/`.
            const previous = nodes[nodes.length - 1];
            const segmentStart = previous === undefined || (previous.type === 'char' && previous.code === SLASH) || (previous.type === 'globstar' && previous.slash);
            const endsSegment = next === undefined || next === '/' || (inBraces && (next === ',' || next === '}'));
            if (cursor.segmented && cursor.at - start > 1 && segmentStart && endsSegment) {
                if (next === '/')
                    cursor.at++;
                nodes.push({ type: 'globstar', slash: next === '/' });
            }
            else
                nodes.push({ type: 'star' });
        }
        else if (char === '[') {
            nodes.push(parseClass(cursor));
        }
        else if (char === ']') {
            throw new GlobSyntaxError(cursor.pattern, '"]" without "["');
        }
        else if (char === '{') {
            const branches = [];
            for (;;) {
                branches.push(parseSequence(cursor, true));
                const end = text[cursor.at++];
                if (end === '}')
                    break;
                if (end !== ',')
                    throw new GlobSyntaxError(cursor.pattern, '"{" is not closed');
            }
            nodes.push({ type: 'alternatives', branches });
        }
        else if (char === '}') {
            throw new GlobSyntaxError(cursor.pattern, '"}" without "{"');
        }
        else {
            nodes.push({ type: 'char', code: text.charCodeAt(start) });
        }
    }
    return nodes;
}
/** `[abc]`, `[a-z]`, `[!a]`/`[^a]`; a `]` first in the set is a member, `\x` is `x`. The cursor is past `[`. */
function parseClass(cursor) {
    const { text } = cursor;
    const negated = text[cursor.at] === '!' || text[cursor.at] === '^';
    if (negated)
        cursor.at++;
    const members = [];
    for (let first = true;; first = false) {
        if (cursor.at >= text.length)
            throw new GlobSyntaxError(cursor.pattern, '"[" is not closed');
        let char = text[cursor.at++];
        if (char === ']' && !first)
            break;
        if (char === '\\' && cursor.at < text.length)
            char = text[cursor.at++];
        members.push(char.charCodeAt(0));
    }
    const ranges = [];
    const DASH = 45;
    for (let m = 0; m < members.length; m++) {
        const low = members[m];
        if (members[m + 1] === DASH && m + 2 < members.length) {
            ranges.push(low, members[m + 2]);
            m += 2;
        }
        else
            ranges.push(low, low);
    }
    return { type: 'class', negated, ranges };
}
