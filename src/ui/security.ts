/**
 * Who may talk to `llm-do ui` (docs/ui.md). The server listens on 127.0.0.1 only, but any web page the
 * user visits can send requests there, and a DNS-rebinding page can even read the answers. So every
 * request must name this server in its Host header (rebinding sends the attacker's host name), carry
 * the random token printed with the URL (a page elsewhere cannot know it), and a request that
 * changes something (POST) must come from the page's own origin, since a browser sends a cookie
 * along with a cross-site POST.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { LOOPBACK } from '../loopback.ts';

/** The query parameter and header that carry the token. */
export const TOKEN_PARAM = 'token';
export const TOKEN_HEADER = 'x-llm-do-token';

/** A new random token: 32 bytes, URL-safe. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The cookie the page keeps its token in. Named by port: cookies of 127.0.0.1 are shared by every port. */
export function tokenCookieName(port: number): string {
  return `llm-do-ui-${port}`;
}

/** The origins the page is served from. */
export function ownOrigins(port: number): string[] {
  return [`http://${LOOPBACK}:${port}`, `http://localhost:${port}`];
}

export interface RequestFacts {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
}

/** Why a request is refused (always 403), or undefined when it may go on. */
export function refusal(request: RequestFacts, token: string, port: number): string | undefined {
  const host = request.headers.host;
  if (host === undefined || !ownOrigins(port).some((origin) => origin === `http://${host.toLowerCase()}`)) {
    return `this server answers only to Host ${LOOPBACK}:${port} or localhost:${port}`;
  }
  const presented = presentedToken(request, port);
  if (presented === undefined || !sameSecret(presented.value, token)) {
    return 'missing or wrong token: open the URL llm-do ui printed (it ends with ?token=…)';
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const origin = request.headers.origin;
    // A browser always sends Origin with a POST; a program without one must show the token itself.
    if (origin === undefined ? presented.from !== 'header' : !ownOrigins(port).includes(origin)) {
      return `a request that changes something must come from the page itself (Origin ${ownOrigins(port)[0]})`;
    }
    if (request.headers['sec-fetch-site'] !== undefined && request.headers['sec-fetch-site'] !== 'same-origin') {
      return 'a request that changes something must come from the page itself (Sec-Fetch-Site: same-origin)';
    }
  }
  return undefined;
}

/** The token a request carries, and where: the query, the header, or the page's cookie. */
function presentedToken(request: RequestFacts, port: number): { value: string; from: 'query' | 'header' | 'cookie' } | undefined {
  const header = request.headers[TOKEN_HEADER];
  if (typeof header === 'string') return { value: header, from: 'header' };
  const query = request.url.searchParams.get(TOKEN_PARAM);
  if (query !== null) return { value: query, from: 'query' };
  const cookie = cookieValue(request.headers.cookie, tokenCookieName(port));
  return cookie === undefined ? undefined : { value: cookie, from: 'cookie' };
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** Compares in constant time, so the token cannot be guessed byte by byte from response times. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Headers of every answer: no framing, no sniffing, no referrer (the URL may hold the token), no
 * caching, and scripts only from the page's own files, plus the inline scripts of the page whose
 * hashes are given (its import map, `'sha256-…'`).
 */
export function securityHeaders(inlineScripts: readonly string[] = []): Readonly<Record<string, string>> {
  const scripts = ["'self'", ...inlineScripts.map((hash) => `'${hash}'`)].join(' ');
  return {
    'content-security-policy': `default-src 'none'; script-src ${scripts}; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'cross-origin-resource-policy': 'same-origin',
  };
}
