/** SHA-256 as hex, with Web Crypto rather than `node:crypto`, so the runtime stays portable (SPEC §22). */
export async function sha256Hex(text) {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
