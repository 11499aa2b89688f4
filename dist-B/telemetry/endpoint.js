/**
 * Whether telemetry is on, and where spans go: `--otel URL` (or `endpoint`), else the standard
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (the traces URL as is), else `OTEL_EXPORTER_OTLP_ENDPOINT`
 * (a base URL, `/v1/traces` appended). Loads nothing of OpenTelemetry, so a caller can decide cheaply.
 */
import { UsageError } from "../errors.js";
/**
 * @param endpoint the `--otel` value: a base URL like `OTEL_EXPORTER_OTLP_ENDPOINT`
 * @returns undefined when telemetry is off
 * @throws UsageError naming `--otel` or the variable, for a value that is not an http(s) URL
 */
export function telemetrySettings(endpoint, env) {
    const url = endpoint !== undefined
        ? tracesUrl(endpoint, '--otel')
        : env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
            ? parseHttpUrl(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT').href
            : env.OTEL_EXPORTER_OTLP_ENDPOINT
                ? tracesUrl(env.OTEL_EXPORTER_OTLP_ENDPOINT, 'OTEL_EXPORTER_OTLP_ENDPOINT')
                : undefined;
    if (url === undefined)
        return undefined;
    return { url, content: contentFlag(env.LLM_DO_OTEL_CONTENT) };
}
/** A base endpoint's traces URL, as the OTLP exporter specification builds it. */
function tracesUrl(base, source) {
    const url = parseHttpUrl(base, source);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/traces`;
    return url.href;
}
function parseHttpUrl(value, source) {
    let url;
    try {
        url = new URL(value);
    }
    catch {
        url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        throw new UsageError(`${source} expects the http:// or https:// URL of an OTLP/HTTP collector, e.g. http://localhost:4318; got ${JSON.stringify(value)}`);
    }
    return url;
}
function contentFlag(value) {
    if (value === undefined || value === '' || value === '0')
        return false;
    if (value === '1')
        return true;
    throw new UsageError(`LLM_DO_OTEL_CONTENT expects 1 (export prompts, tool arguments and results) or 0, got ${JSON.stringify(value)}`);
}
