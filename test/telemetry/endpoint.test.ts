/** When telemetry is on and where spans go: `--otel`, the OTLP endpoint variables, the content flag. */
import { describe, expect, test } from 'vitest';
import { UsageError } from '../../src/errors.ts';
import { telemetrySettings } from '../../src/telemetry/endpoint.ts';
import { catchError } from '../helpers/catch-error.ts';

describe('telemetry settings', () => {
  test('off without --otel and without an OTLP endpoint variable', () => {
    expect(telemetrySettings(undefined, {})).toBeUndefined();
    expect(telemetrySettings(undefined, { OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBeUndefined();
  });

  test('--otel and OTEL_EXPORTER_OTLP_ENDPOINT are base URLs; the traces endpoint variable is used as is', () => {
    expect(telemetrySettings('http://localhost:4318', {})).toEqual({ url: 'http://localhost:4318/v1/traces', content: false });
    expect(telemetrySettings('https://collector.example/otlp/', {})?.url).toBe('https://collector.example/otlp/v1/traces');
    expect(telemetrySettings(undefined, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })?.url).toBe('http://127.0.0.1:4318/v1/traces');
    expect(telemetrySettings(undefined, { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:9999/custom' })?.url).toBe('http://127.0.0.1:9999/custom');
  });

  test('--otel wins over the variables, the traces variable over the general one', () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://general:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:4318/v1/traces' };
    expect(telemetrySettings('http://flag:4318', env)?.url).toBe('http://flag:4318/v1/traces');
    expect(telemetrySettings(undefined, env)?.url).toBe('http://traces:4318/v1/traces');
  });

  test('content only with LLM_DO_OTEL_CONTENT=1', () => {
    expect(telemetrySettings('http://localhost:4318', { LLM_DO_OTEL_CONTENT: '1' })?.content).toBe(true);
    expect(telemetrySettings('http://localhost:4318', { LLM_DO_OTEL_CONTENT: '0' })?.content).toBe(false);
    const error = catchError(() => telemetrySettings('http://localhost:4318', { LLM_DO_OTEL_CONTENT: 'yes' }));
    expect(UsageError.isInstance(error) && error.message).toBe('LLM_DO_OTEL_CONTENT expects 1 (export prompts, tool arguments and results) or 0, got "yes"');
  });

  test.each([
    ['--otel', () => telemetrySettings('localhost:4318', {})],
    ['--otel', () => telemetrySettings('', {})],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', () => telemetrySettings(undefined, { OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })],
    ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', () => telemetrySettings(undefined, { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'not a url' })],
  ])('a value that is not an http(s) URL is a usage error naming %s', (source, settings) => {
    const error = catchError(settings);
    expect(UsageError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      new RegExp(`^${source} expects the http:// or https:// URL of an OTLP/HTTP collector, e\\.g\\. http://localhost:4318; got `),
    );
  });
});
