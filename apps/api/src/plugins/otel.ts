/**
 * The OpenTelemetry SDK set-up, loaded only when tracing is configured (src/tracing.ts;
 * docs/observability.md, "Traces"). Follows the OpenTelemetry specification's SDK environment
 * variables (opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/) for what
 * the exporter reads itself: the endpoint (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as is, or
 * `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`), `OTEL_EXPORTER_OTLP_HEADERS`, the batch
 * processor's `OTEL_BSP_*`, and `OTEL_RESOURCE_ATTRIBUTES`.
 *
 * - Spans are sent as OTLP/HTTP with JSON bodies (@opentelemetry/exporter-trace-otlp-http), in
 *   batches (BatchSpanProcessor).
 * - One SERVER span per incoming request (@fastify/otel, registered on every Fastify instance as
 *   it is created), named `{method} {route pattern}` (OpenTelemetry HTTP semantic conventions),
 *   with `http.route` and `http.response.status_code`; a child span for the handler. An incoming
 *   W3C `traceparent` continues the caller's trace. Liveness probes and metrics scrapes make no
 *   span.
 * - One CLIENT span per PostgreSQL query made while handling a request
 *   (@opentelemetry/instrumentation-pg; background jobs' polling makes none).
 * - Every log line written inside a span carries `trace_id`, `span_id` and `trace_flags`
 *   (lib/request-context.ts), the names of OpenTelemetry's log data model.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { setGlobalErrorHandler, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { AppConfig } from '../config.js';
import { redactUrl } from '../lib/redact-url.js';
import { setTraceLogFields } from '../lib/request-context.js';

/** Paths that make no span: the liveness probe and the metrics scrape (every few seconds each). */
const UNTRACED_PATHS = new Set(['/api/v1/health', '/metrics']);

/** Longest wait for the last spans to be sent on shutdown, in milliseconds. */
const SHUTDOWN_FLUSH_MS = 2_000;

/** Least time between two log lines about failed exports, in milliseconds. */
const EXPORT_ERROR_LOG_INTERVAL_MS = 60_000;

/**
 * The SDK's error handler (a failed export: receiver down, refused, timed out): one pino-shaped
 * warning line on stdout at most every {@link EXPORT_ERROR_LOG_INTERVAL_MS}, with how many errors
 * it stands for. Spans that could not be sent are dropped; requests never wait on the receiver.
 */
function exportErrorLogger(): (error: unknown) => void {
  let lastAt = -Infinity;
  let unlogged = 0;
  return (error) => {
    unlogged += 1;
    const now = Date.now();
    if (now - lastAt < EXPORT_ERROR_LOG_INTERVAL_MS) return;
    lastAt = now;
    const message = error instanceof Error ? error.message : String(error);
    process.stdout.write(
      `${JSON.stringify({ level: 40, time: now, pid: process.pid, errors: unlogged, err: message, msg: 'trace export failed; spans dropped' })}\n`,
    );
    unlogged = 0;
  };
}

/** Running tracing: `shutdown` sends the spans not sent yet and stops (at most a few seconds). */
export interface Tracing {
  shutdown(): Promise<void>;
}

/**
 * Sets up the global tracer provider, context manager, propagator and instrumentations for
 * `tracing` (config.ts) and returns its shutdown. Call once per process, before `pg` is imported.
 */
export function startOtel(tracing: NonNullable<AppConfig['tracing']>): Tracing {
  const resource = defaultResource()
    .merge(detectResources({ detectors: [envDetector] }))
    .merge(resourceFromAttributes({ 'service.name': tracing.serviceName }));
  const provider = new BasicTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  setGlobalErrorHandler(exportErrorLogger());

  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // One span for the request and one for its handler, none per hook (cost per request).
        instrumentHooks: false,
        ignorePaths: ({ url }: { url: string }) => UNTRACED_PATHS.has(url.split('?', 1)[0]!),
        requestHook: (span, request) => {
          const route = request.routeOptions.url;
          span.updateName(route ? `${request.method} ${route}` : request.method);
          // The instrumentation puts the whole URL in url.path; the path alone, without the
          // secrets a URL may carry (semantic conventions: the query has an attribute of its own).
          span.setAttribute('url.path', redactUrl(request.url.split('?', 1)[0]!));
        },
      }),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });

  setTraceLogFields((fields) => {
    const span = trace.getSpan(context.active());
    if (!span) return;
    const { traceId, spanId, traceFlags } = span.spanContext();
    fields.trace_id = traceId;
    fields.span_id = spanId;
    fields.trace_flags = traceFlags.toString(16).padStart(2, '0');
  });

  return {
    // Never throws and never waits more than SHUTDOWN_FLUSH_MS: a receiver that is down must not
    // turn a clean stop into a failed one.
    shutdown: async () => {
      setTraceLogFields(undefined);
      unregister();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        provider.shutdown().catch(exportErrorLogger()),
        new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_FLUSH_MS))),
      ]);
      clearTimeout(timer);
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
