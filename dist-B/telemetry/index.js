/**
 * `llm-do/telemetry`: runs as OpenTelemetry spans (docs/telemetry.md). A subpath of its own, so the
 * main entry never loads the OpenTelemetry SDK.
 */
export { telemetrySettings } from "./endpoint.js";
export { DEFAULT_EXPORT_TIMEOUT_MS, startOtlpTelemetry } from "./otlp-export.js";
export { attachSpanRecorder, createSpanRecorder, ERROR_TYPES } from "./span-recorder.js";
