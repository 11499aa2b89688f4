/**
 * The CLI's fetch for model requests behind a proxy: undici's own fetch over undici's
 * `EnvHttpProxyAgent`, so `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY` apply by undici's rules: the
 * lowercase forms win, and an https: request goes through `HTTP_PROXY` when no `HTTPS_PROXY` is
 * set. With no proxy variable there is none, and the CLI uses the global fetch, as the library
 * does. One undici per path: the npm package's major 7 (the major Node 24 bundles) with its own
 * agent, never Node's bundled fetch with the package's agent (docs/decisions.md, "Model requests
 * over the platform's fetch"). A request the proxy cannot carry fails naming the proxy (its address
 * without credentials) and the variable that set it: {@link ProxyError}.
 */
import type { Dispatcher } from 'undici';
import { ProxyError } from './proxy-error.ts';

/** A proxy setting: its URL and the variable it was read from. */
interface ProxySetting {
  url: string;
  variable: string;
}

/** The proxies of each protocol, and the hosts that bypass them, as undici's EnvHttpProxyAgent reads them. */
interface ProxySettings {
  http?: ProxySetting;
  https?: ProxySetting;
  noProxy: string;
}

/** Environment variables, first found wins. */
function firstSet(env: Record<string, string | undefined>, ...names: string[]): ProxySetting | undefined {
  for (const variable of names) {
    const url = env[variable];
    if (url !== undefined) return url === '' ? undefined : { url, variable };
  }
  return undefined;
}

function proxySettings(env: Record<string, string | undefined>): ProxySettings {
  const http = firstSet(env, 'http_proxy', 'HTTP_PROXY');
  const https = firstSet(env, 'https_proxy', 'HTTPS_PROXY') ?? http;
  return { ...(http ? { http } : {}), ...(https ? { https } : {}), noProxy: env.no_proxy ?? env.NO_PROXY ?? '' };
}

/** The schemes of proxies whose failures are named (undici also takes socks5:, whose failures it reports otherwise). */
const PROXY_PROTOCOLS = new Set(['http:', 'https:']);

/** `http://host:port` of a proxy URL: never its user name or password (nor the value, which may hold them, when it is malformed). */
function shownProxy({ url, variable }: ProxySetting): string {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed || !PROXY_PROTOCOLS.has(parsed.protocol) || parsed.host === '')
    throw new Error(`${variable} is not a proxy URL: expected http://HOST:PORT or https://HOST:PORT, e.g. http://proxy.example.com:3128`);
  return `${parsed.protocol}//${parsed.host}`;
}

/** What the first request sets up: undici, and the agent all requests share. */
interface Client {
  fetch: typeof fetch;
  dispatcher: Dispatcher;
  /** Errors of connections to a proxy (reported by the proxy's connection pool). */
  proxyConnectionFailures: WeakSet<Error>;
}

async function openClient(settings: ProxySettings): Promise<Client> {
  // A malformed proxy URL is refused here, naming its variable, rather than by undici.
  for (const setting of [settings.http, settings.https]) if (setting) shownProxy(setting);
  const { EnvHttpProxyAgent, Pool, fetch } = await import('undici');
  const proxyConnectionFailures = new WeakSet<Error>();
  const dispatcher = new EnvHttpProxyAgent({
    // Empty, not absent: undici would read process.env instead of the environment given here.
    httpProxy: settings.http?.url ?? '',
    httpsProxy: settings.https?.url ?? '',
    noProxy: settings.noProxy,
    // The pool of connections to a proxy (undici's default) reports the errors of connecting to it.
    clientFactory: (origin, options) => new Pool(origin, options).on('connectionError', (_origin, _targets, error) => proxyConnectionFailures.add(error)),
  });
  // undici's fetch has the global one's interface (the global one is Node's own copy of undici 7).
  return { fetch: fetch as unknown as typeof globalThis.fetch, dispatcher, proxyConnectionFailures };
}

/**
 * A fetch that sends requests through the proxies `env` names (`HTTPS_PROXY`, `HTTP_PROXY`,
 * `NO_PROXY`, lowercase forms first), or `undefined` when it names none. undici is loaded by the
 * first request. A proxy URL that is not a URL fails each request, naming the variable.
 */
export function createEnvProxyFetch(env: Record<string, string | undefined>): typeof fetch | undefined {
  const settings = proxySettings(env);
  if (!settings.http && !settings.https) return undefined;
  let client: Promise<Client> | undefined;
  return async function envProxyFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const { fetch, dispatcher, proxyConnectionFailures } = await (client ??= openClient(settings));
    try {
      return await fetch(input, { ...init, dispatcher } as RequestInit);
    } catch (error) {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const proxy = url.protocol === 'https:' ? settings.https : settings.http;
      const failure = proxy && proxyFailure(error, proxy, proxyConnectionFailures);
      throw failure ? new TypeError('fetch failed', { cause: failure }) : error;
    }
  };
}

/** undici's error when a proxy answers CONNECT with another status. */
const TUNNEL_REFUSED = /^Proxy response \((\d+)\) !== 200/;

/** The {@link ProxyError} a failed request's error stands for, if the proxy is what failed. */
function proxyFailure(error: unknown, proxy: ProxySetting, proxyConnectionFailures: WeakSet<Error>): ProxyError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (proxyConnectionFailures.has(current)) {
      const code = (current as { code?: unknown }).code;
      return new ProxyError(
        shownProxy(proxy),
        proxy.variable,
        typeof code === 'string' ? code : 'PROXY_UNREACHABLE',
        typeof code === 'string' ? code : current.message,
      );
    }
    const refused = TUNNEL_REFUSED.exec(current.message);
    if (refused) {
      const status = Number(refused[1]);
      const hint = status === 407 ? ': it wants USER:PASSWORD@ in its URL' : '';
      return new ProxyError(shownProxy(proxy), proxy.variable, 'PROXY_REFUSED', `it answered ${status} to CONNECT${hint}`);
    }
  }
  return undefined;
}
