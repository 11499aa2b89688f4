export interface TelemetrySettings {
    /** The OTLP/HTTP traces URL. */
    url: string;
    /** `LLM_DO_OTEL_CONTENT=1`: prompts, messages, tool arguments and results are exported too. */
    content: boolean;
}
/**
 * @param endpoint the `--otel` value: a base URL like `OTEL_EXPORTER_OTLP_ENDPOINT`
 * @returns undefined when telemetry is off
 * @throws UsageError naming `--otel` or the variable, for a value that is not an http(s) URL
 */
export declare function telemetrySettings(endpoint: string | undefined, env: Readonly<Record<string, string | undefined>>): TelemetrySettings | undefined;
