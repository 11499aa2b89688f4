/** Types of the scripted provider server (`llm-do/testing`). */

/** Which provider API a request came in through. */
export type ScriptedProtocol = 'openai-chat' | 'openai-responses' | 'anthropic' | 'google' | 'ollama';

/** A tool call made by the assistant, as found in the conversation history. */
export interface NeutralToolCall {
  id: string;
  name: string;
  /** Parsed arguments (the raw string when they were not valid JSON). */
  args: unknown;
}

/** A tool result sent back by the client. */
export interface NeutralToolResult {
  callId: string;
  /** The tool's name, looked up from the matching call earlier in the history (providers send only the id). */
  name?: string;
  /** The result as text (JSON results stay JSON text). */
  content: string;
}

/**
 * One conversation message, the same shape whichever protocol carried it. Tool results always form
 * a `tool` message (Anthropic sends them inside a `user` message; they are split out).
 */
export interface NeutralMessage {
  role: 'user' | 'assistant' | 'tool';
  /** The text parts joined by newlines ("" when there are none). */
  text: string;
  toolCalls: NeutralToolCall[];
  toolResults: NeutralToolResult[];
  /** Number of non-text parts (images, files) in the message. */
  files: number;
}

/** A request as the handler sees it. */
export interface ScriptedRequest {
  protocol: ScriptedProtocol;
  /** Whether the client asked for server-sent events. */
  stream: boolean;
  model: string;
  /** System / developer instructions joined by blank lines. */
  system: string;
  messages: NeutralMessage[];
  /** Text of the last `user` message that has text. */
  lastUserText: string;
  /** Names of the tools offered. */
  tools: string[];
  /** Every tool result in the history, oldest first. */
  toolResults: NeutralToolResult[];
  /** The requested structured output format, as the protocol sent it (`response_format`, `text.format`, `output_config.format`, Google's `responseSchema`, Ollama's `format`). */
  responseFormat?: unknown;
  /** The parsed JSON body, untouched. */
  body: any;
  /** Request headers, lower-case names. */
  headers: Record<string, string>;
}

/** Token counts a scripted reply reports. */
export interface ScriptedUsage {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
}

/** What the server answers. An empty reply is an empty assistant text. */
export interface ScriptedReply {
  text?: string;
  /** Several calls in one reply are parallel tool calls. `id` defaults to a generated one. */
  toolCalls?: { name: string; args: unknown; id?: string }[];
  /**
   * Token counts reported to the client. `input` is every input token, the cached ones included;
   * `cacheRead` / `cacheWrite` (default 0) are the parts read from and written to the prompt cache,
   * sent in the protocol's own fields (OpenAI and Google report cache reads only, Ollama neither).
   * @default rough counts (characters / 4), nothing cached; Anthropic counts the request's blocks and reports its prompt cache (`cache_control` breakpoints) as Anthropic does
   */
  usage?: ScriptedUsage;
  /** HTTP status; 400 or more sends an error body in the protocol's format. @default 200 */
  status?: number;
  /** Message of the error body. @default the status text */
  errorMessage?: string;
  /** Extra response headers, e.g. `{ 'retry-after': '0' }`. */
  headers?: Record<string, string>;
  /** Waits this long before answering; nothing is sent if the client disconnects meanwhile. */
  delayMs?: number;
  /**
   * Streaming only: sends this many events of the answer, then goes silent (the connection stays
   * open until the client gives up), to test stream timeouts.
   */
  stallAfterEvents?: number;
  /**
   * A web search the provider ran before answering (`provider_tools: [web_search]`), sent before the
   * text as the protocol carries it: Anthropic's `server_tool_use` and `web_search_tool_result`
   * blocks (with `usage.server_tool_use.web_search_requests`), OpenAI Responses' `web_search_call`
   * item. Other protocols have no such thing and ignore it.
   */
  webSearch?: ScriptedWebSearch;
  /** Structured output: sent as the JSON text of the answer (or Anthropic's `json` tool call when that is how the client asked). */
  json?: unknown;
  /**
   * Streaming only: the answer fails inside its 200 stream, as providers send it: after
   * `afterEvents` events of the answer (default 0: as the first event), the protocol's error event
   * (Anthropic's `event: error` with `type`, OpenAI Responses' `error` event then `response.failed`
   * with `type` as its code, a Chat Completions `{"error": …}` chunk), and the stream ends. Not for
   * Google and Ollama.
   */
  streamError?: ScriptedStreamError;
}

/** An error event inside a streamed answer. */
export interface ScriptedStreamError {
  /** The provider's error type or code: `overloaded_error`, `rate_limit_error`, `insufficient_quota`, `server_error`. */
  type: string;
  message: string;
  /** Events of the answer sent before it. @default 0 */
  afterEvents?: number;
}

/** A provider-side web search and the pages it found. */
export interface ScriptedWebSearch {
  query: string;
  results: { url: string; title: string }[];
  /**
   * The answer's text cites every page found, as the protocol marks it: Anthropic's citations on the
   * text block, OpenAI Responses' `url_citation` annotations. @default false
   */
  cited?: boolean;
}

/** Decides the reply to the `index`-th request (0-based, across all protocols). */
export type ScriptedHandler = (request: ScriptedRequest, index: number) => ScriptedReply | Promise<ScriptedReply>;

/** A running scripted server. */
export interface ScriptedServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** `url + '/v1'`: the base URL for OpenAI, OpenAI-compatible and Anthropic providers. */
  openaiBaseUrl: string;
  /** `url + '/v1beta'`: the base URL for Google Generative AI (`GOOGLE_GENERATIVE_AI_BASE_URL`). */
  googleBaseUrl: string;
  /** Every request received so far, in order. */
  requests: ScriptedRequest[];
  /** Replaces the handler for the following requests. */
  setHandler(handler: ScriptedHandler): void;
  /** Stops the server and drops open connections. */
  close(): Promise<void>;
}
