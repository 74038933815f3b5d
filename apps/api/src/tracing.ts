/**
 * OpenTelemetry traces, only when an exporter is configured (docs/observability.md, "Traces"):
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or `OTEL_EXPORTER_OTLP_ENDPOINT` set, `OTEL_SDK_DISABLED`
 * not true (config.ts `tracing`). This file imports no OpenTelemetry code: the SDK
 * (plugins/otel.ts) is loaded by a dynamic import when tracing is on, so without it nothing is loaded
 * and nothing runs per request.
 *
 * server.ts calls {@link startTracing} before it imports the app, because the PostgreSQL
 * instrumentation patches `pg` as it is loaded.
 */
import type { AppConfig } from './config.js';
import type { Tracing } from './plugins/otel.js';

export type { Tracing };

/**
 * Starts the tracer provider, the OTLP/HTTP (JSON) exporter and the Fastify and PostgreSQL
 * instrumentations when `config.tracing` is set; returns undefined (having loaded nothing) when
 * it is not.
 */
export async function startTracing(config: AppConfig): Promise<Tracing | undefined> {
  if (!config.tracing) return undefined;
  const { startOtel } = await import('./plugins/otel.js');
  return startOtel(config.tracing);
}
