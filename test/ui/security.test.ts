/**
 * Who may talk to `llm-do ui` (src/ui/security.ts): the Host must be the server itself, the token
 * must come with every request, and a request that changes something must come from the page.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { inlineScriptHashes } from '../../src/ui/assets.ts';
import { createToken, refusal, securityHeaders, tokenCookieName, type RequestFacts } from '../../src/ui/security.ts';

const PORT = 4242;
const TOKEN = createToken();

function request(method: string, path: string, headers: RequestFacts['headers'] = {}): RequestFacts {
  return { method, url: new URL(path, 'http://127.0.0.1'), headers: { host: `127.0.0.1:${PORT}`, ...headers } };
}

const cookie = `other=1; ${tokenCookieName(PORT)}=${TOKEN}`;
const page = { cookie, origin: `http://127.0.0.1:${PORT}`, 'sec-fetch-site': 'same-origin' };

describe('refusal', () => {
  test('tokens are random, URL-safe and long', () => {
    expect(TOKEN).toMatch(/^[\w-]{43}$/);
    expect(createToken()).not.toBe(TOKEN);
  });

  test('the page itself is let through: token in the query, the cookie or the header; POST from its own origin', () => {
    expect(refusal(request('GET', `/?token=${TOKEN}`), TOKEN, PORT)).toBeUndefined();
    expect(refusal(request('GET', '/api/runs', { cookie }), TOKEN, PORT)).toBeUndefined();
    expect(refusal(request('GET', '/api/runs', { 'x-llm-do-token': TOKEN }), TOKEN, PORT)).toBeUndefined();
    expect(refusal(request('POST', '/api/runs', page), TOKEN, PORT)).toBeUndefined();
    expect(refusal(request('POST', '/api/runs', { ...page, host: `localhost:${PORT}`, origin: `http://localhost:${PORT}` }), TOKEN, PORT)).toBeUndefined();
    // A program with the token in the header needs no Origin (browsers always send one with a POST).
    expect(refusal(request('POST', '/api/runs', { 'x-llm-do-token': TOKEN }), TOKEN, PORT)).toBeUndefined();
  });

  test('no token, a wrong one, or one of another port is refused', () => {
    expect(refusal(request('GET', '/'), TOKEN, PORT)).toMatch(/missing or wrong token/);
    expect(refusal(request('GET', '/?token=nope'), TOKEN, PORT)).toMatch(/wrong token/);
    expect(refusal(request('GET', `/?token=${TOKEN}x`), TOKEN, PORT)).toMatch(/wrong token/);
    expect(refusal(request('GET', '/', { cookie: `${tokenCookieName(PORT + 1)}=${TOKEN}` }), TOKEN, PORT)).toMatch(/wrong token/);
    expect(refusal(request('GET', '/', { 'x-llm-do-token': 'x' }), TOKEN, PORT)).toMatch(/wrong token/);
  });

  test('a Host other than the server (DNS rebinding) is refused, even with the token', () => {
    for (const host of ['evil.example', `evil.example:${PORT}`, `127.0.0.1:${PORT + 1}`, '127.0.0.1', `0.0.0.0:${PORT}`]) {
      expect(refusal(request('GET', '/', { host, cookie }), TOKEN, PORT), host).toMatch(/answers only to Host 127\.0\.0\.1:4242/);
    }
    expect(refusal({ method: 'GET', url: new URL('http://127.0.0.1/'), headers: { cookie } }, TOKEN, PORT)).toMatch(/answers only to Host/);
  });

  test('a POST from another origin, another site, or without Origin on a cookie alone is refused', () => {
    expect(refusal(request('POST', '/api/runs', { ...page, origin: 'http://evil.example' }), TOKEN, PORT)).toMatch(
      /must come from the page itself \(Origin http:\/\/127\.0\.0\.1:4242\)/,
    );
    expect(refusal(request('POST', '/api/runs', { ...page, origin: `http://127.0.0.1:${PORT + 1}` }), TOKEN, PORT)).toMatch(/must come from the page/);
    expect(refusal(request('POST', '/api/runs', { ...page, origin: 'null' }), TOKEN, PORT)).toMatch(/must come from the page/);
    expect(refusal(request('POST', '/api/runs', { ...page, 'sec-fetch-site': 'cross-site' }), TOKEN, PORT)).toMatch(/Sec-Fetch-Site/);
    expect(refusal(request('POST', '/api/runs', { cookie }), TOKEN, PORT)).toMatch(/must come from the page/);
    expect(refusal(request('POST', `/api/runs?token=${TOKEN}`), TOKEN, PORT)).toMatch(/must come from the page/);
  });
});

describe('content security policy', () => {
  test("scripts come only from the page's files and the inline scripts whose hashes the page names (its import map)", () => {
    const map = '{"imports": {"preact": "/vendor/preact.js"}}';
    const hashes = inlineScriptHashes(`<script type="importmap">${map}</script>\n<script type="module" src="/app.js"></script>`);
    expect(hashes).toEqual([`sha256-${createHash('sha256').update(map).digest('base64')}`]);
    const csp = securityHeaders(hashes)['content-security-policy'];
    expect(csp).toContain(`script-src 'self' '${hashes[0]}';`);
    expect(securityHeaders()['content-security-policy']).toContain("script-src 'self';");
    expect(csp).toContain("default-src 'none'");
  });
});
