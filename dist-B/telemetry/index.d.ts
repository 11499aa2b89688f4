/**
 * `llm-do/telemetry`: runs as OpenTelemetry spans (docs/telemetry.md). A subpath of its own, so the
 * main entry never loads the OpenTelemetry SDK.
 */
export { telemetrySettings, type TelemetrySettings } from './endpoint.ts';
export { DEFAULT_EXPORT_TIMEOUT_MS, startOtlpTelemetry, type OtlpTelemetry, type OtlpTelemetryOptions } from './otlp-export.ts';
export { attachSpanRecorder, createSpanRecorder, ERROR_TYPES, type SpanRecorderOptions } from './span-recorder.ts';
