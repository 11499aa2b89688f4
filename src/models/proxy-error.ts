/** The error a model request through a proxy fails with when the proxy is what failed (`env-proxy-fetch.ts`). */

/** Why a request through a proxy failed: the proxy could not be reached, or refused the tunnel. */
export class ProxyError extends Error {
  override readonly name = 'ProxyError';
  /**
   * @param proxy the proxy's address, without credentials
   * @param variable the environment variable it came from
   * @param code the network error's code (`ECONNREFUSED`, `ENOTFOUND`), or `PROXY_REFUSED` when the proxy answered the tunnel request with another status than 200
   */
  constructor(
    readonly proxy: string,
    readonly variable: string,
    readonly code: string,
    reason: string,
  ) {
    super(`through the proxy ${proxy} (${variable}): ${reason}`);
  }
}
