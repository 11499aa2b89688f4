/**
 * The page's requests to its own server: JSON GETs and POSTs (the browser adds Origin and the token
 * cookie) and live streams of server-sent events.
 */

/** A JSON POST; a refusal throws with the server's message. */
export async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new Error(answer.error ?? `${response.status} ${response.statusText}`);
  return answer;
}

export async function get<T>(path: string): Promise<T> {
  const response = await fetch(path);
  const answer = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(answer.error ?? `${response.status} ${response.statusText}`);
  return answer;
}

/** What a stream tells about its connection: live, or lost because the server refuses this page. */
export interface StreamStatus {
  onLive(live: boolean): void;
  onLostAccess(): void;
}

/** A live stream whose named events go to `handlers`; the browser reconnects it by itself. Returns its closer. */
export function openStream(path: string, handlers: Record<string, (data: any) => void>, status: StreamStatus): () => void {
  const source = new EventSource(path);
  for (const [name, handle] of Object.entries(handlers)) source.addEventListener(name, (event) => handle(JSON.parse((event as MessageEvent<string>).data)));
  source.addEventListener('open', () => status.onLive(true));
  source.addEventListener('error', () => {
    status.onLive(false);
    void checkAccess(source, status);
  });
  return () => source.close();
}

/**
 * A stream that fails is retried by the browser, which helps while the server is briefly away; once
 * the server refuses this page (a new `llm-do ui` has a new token), retrying cannot help.
 */
async function checkAccess(source: EventSource, status: StreamStatus): Promise<void> {
  const answer = await fetch('/api/project').catch(() => undefined);
  if (answer?.status !== 403) return;
  source.close();
  status.onLostAccess();
}
