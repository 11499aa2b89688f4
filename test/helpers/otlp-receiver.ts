/**
 * An OTLP/HTTP trace receiver on 127.0.0.1 for tests: it accepts what an exporter POSTs to
 * `/v1/traces` as JSON (what `@opentelemetry/exporter-trace-otlp-http` sends) and decodes the spans.
 * A body that is not JSON (protobuf) fails the test that reads it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  kind: number;
  startMs: number;
  endMs: number;
  attributes: Record<string, unknown>;
  events: { name: string; timeMs: number; attributes: Record<string, unknown> }[];
  status: { code?: number; message?: string };
  /** Attributes of the resource the span was sent under. */
  resource: Record<string, unknown>;
}

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface OtlpReceiver {
  /** The base endpoint, for `--otel` or `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  url: string;
  requests: ReceivedRequest[];
  /** Every span received so far, decoded. */
  spans(): ReceivedSpan[];
  close(): Promise<void>;
}

export interface OtlpReceiverOptions {
  /** Never answer (a collector that hangs). */
  hang?: boolean;
  /** Answer every request with this HTTP status. @default 200 */
  status?: number;
}

export async function startOtlpReceiver(options: OtlpReceiverOptions = {}): Promise<OtlpReceiver> {
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (options.hang) return;
      response.writeHead(options.status ?? 200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    spans: () => requests.flatMap((request) => decodeRequest(request)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: OtlpValue[] };
}

interface OtlpKeyValue {
  key: string;
  value: OtlpValue;
}

function decodeRequest(request: ReceivedRequest): ReceivedSpan[] {
  if (request.headers['content-type'] !== 'application/json') throw new Error(`expected OTLP JSON, got ${request.headers['content-type']}`);
  const body = JSON.parse(request.body) as {
    resourceSpans: { resource: { attributes: OtlpKeyValue[] }; scopeSpans: { spans: Record<string, any>[] }[] }[];
  };
  return body.resourceSpans.flatMap((resourceSpans) =>
    resourceSpans.scopeSpans.flatMap((scope) =>
      scope.spans.map(
        (span): ReceivedSpan => ({
          name: span.name,
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId || undefined,
          kind: span.kind,
          startMs: nanosToMs(span.startTimeUnixNano),
          endMs: nanosToMs(span.endTimeUnixNano),
          attributes: decodeAttributes(span.attributes ?? []),
          events: (span.events ?? []).map((event: { name: string; timeUnixNano: string; attributes?: OtlpKeyValue[] }) => ({
            name: event.name,
            timeMs: nanosToMs(event.timeUnixNano),
            attributes: decodeAttributes(event.attributes ?? []),
          })),
          status: span.status ?? {},
          resource: decodeAttributes(resourceSpans.resource.attributes),
        }),
      ),
    ),
  );
}

function decodeAttributes(list: OtlpKeyValue[]): Record<string, unknown> {
  return Object.fromEntries(list.map(({ key, value }) => [key, decodeValue(value)]));
}

function decodeValue(value: OtlpValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(decodeValue);
  return undefined;
}

function nanosToMs(nanos: string | number): number {
  return Number(BigInt(nanos) / 1_000_000n);
}
