import { telemetrySettings } from "../telemetry/endpoint.js";
import { printError } from "./io.js";
import { VERSION } from "./version.js";
/** Starts the export the flags or environment ask for; undefined when telemetry is off. */
export async function openTelemetry(flags, io) {
    const settings = telemetrySettings(flags.otel, io.env);
    if (!settings)
        return undefined;
    const { startOtlpTelemetry } = await import("../telemetry/otlp-export.js");
    const telemetry = startOtlpTelemetry({
        ...settings,
        serviceVersion: VERSION,
        onExportError: (message) => printError(io, `llm-do: warning: telemetry: ${message} (the run is not affected)`),
    });
    return { attach: telemetry.attach, close: telemetry.shutdown };
}
