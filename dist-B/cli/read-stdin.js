/** Reads all of stdin as UTF-8 (an empty stdin is an empty string). */
export async function readStdin(stdin) {
    const chunks = [];
    for await (const chunk of stdin)
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return Buffer.concat(chunks).toString('utf8');
}
