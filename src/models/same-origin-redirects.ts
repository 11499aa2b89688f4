/**
 * Model requests follow a redirect only within their origin. fetch drops only `Authorization` when
 * a redirect leads to another origin, and providers put keys in other headers too (Anthropic's
 * `x-api-key`, Google's `x-goog-api-key`, Azure's `api-key`): followed by fetch, a redirect would
 * hand the key to whoever the server names. So every request is sent with `redirect: 'manual'`, a
 * redirect within the origin is followed here by the fetch rules, and one to another origin (an
 * `http:` downgrade included) fails naming both addresses (docs/decisions.md, "Model requests over
 * the platform's fetch").
 */

/** Statuses whose `Location` fetch follows. */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** fetch stops after this many. */
const MAX_REDIRECTS = 20;

/** A redirect a model request did not follow. */
export class RedirectRefusedError extends Error {
  override readonly name = 'RedirectRefusedError';
}

/**
 * `base` with redirects followed only within the request's origin; a caller asking for
 * `redirect: 'manual'` or `'error'` gets `base`'s own behaviour.
 *
 * @example createRetryingFetch({ fetch: followSameOriginRedirects(globalThis.fetch) })
 */
export function followSameOriginRedirects(base: typeof fetch): typeof fetch {
  return async function sameOriginFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    if (init?.redirect === 'manual' || init?.redirect === 'error') return base(input, init);
    let url = new URL(input instanceof Request ? input.url : String(input));
    let hop: { input: RequestInfo | URL; init: RequestInit } = { input, init: { ...init, redirect: 'manual' } };
    for (let redirects = 0; ; redirects++) {
      const response = await base(hop.input, hop.init);
      // A browser hides where a manual redirect leads.
      if (response.type === 'opaqueredirect')
        throw new RedirectRefusedError(`${url.href} redirects elsewhere, which is not followed: the browser does not say where`);
      const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
      if (location === null) return response;
      await response.body?.cancel();
      const next = new URL(location, url);
      const refusal =
        next.origin !== url.origin
          ? 'it is another origin, and the request carries an API key (point the base URL at the address that answers)'
          : redirects === MAX_REDIRECTS
            ? `it is redirect number ${MAX_REDIRECTS + 1}`
            : input instanceof Request
              ? 'a request given as a Request object is not sent again'
              : undefined;
      if (refusal) throw new RedirectRefusedError(`${url.href} redirects to ${next.href}, which is not followed: ${refusal}`);
      hop = { input: next.href, init: redirected(hop.init, response.status) };
      url = next;
    }
  };
}

/** The next request of a redirect by the fetch rules: a 303, or a POST answered 301 or 302, becomes a GET without body. */
function redirected(init: RequestInit, status: number): RequestInit {
  const method = (init.method ?? 'GET').toUpperCase();
  const asGet = (status === 303 && method !== 'GET' && method !== 'HEAD') || (method === 'POST' && (status === 301 || status === 302));
  if (!asGet) return init;
  const headers = [...new Headers(init.headers)].filter(([name]) => !name.startsWith('content-'));
  const { body: _body, ...rest } = init;
  return { ...rest, method: 'GET', headers };
}
