/**
 * A local HTTP stand-in for the parts of Stripe's API we call (the only third party stood in
 * for): create and retrieve Checkout Sessions. It honours Idempotency-Key like Stripe does
 * (same key → same session) and records every request for assertions.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  expires_at: number;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  payment_intent: string | null;
  /** As Stripe sets it: true when the session was made with a live key (`sk_live_…`). */
  livemode: boolean;
}

export interface StripeStandIn {
  url: string;
  requests: { method: string; path: string; idempotencyKey?: string; form: URLSearchParams }[];
  sessions: Map<string, StandInSession>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const byKey = new Map<string, string>();
  const requests: StripeStandIn['requests'] = [];
  const server = createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    const path = (req.url ?? '').split('?')[0]!;
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({
      method: req.method ?? '',
      path,
      ...(idempotencyKey && { idempotencyKey }),
      form,
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(4).toString('hex')}`,
      });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const existing = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
      if (existing) return send(200, sessions.get(existing));
      // Stripe's objects say their mode: that of the key that made them (Stripe docs, "API keys").
      const livemode = /^Bearer (sk|rk)_live_/.test(req.headers.authorization ?? '');
      const id = `cs_${livemode ? 'live' : 'test'}_${randomBytes(12).toString('hex')}`;
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        client_reference_id: form.get('client_reference_id'),
        metadata: { order_id: form.get('metadata[order_id]') ?? '' },
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
        expires_at: Number(form.get('expires_at')),
        payment_status: 'unpaid',
        status: 'open',
        payment_intent: null,
        livemode,
      };
      sessions.set(id, session);
      if (idempotencyKey) byKey.set(idempotencyKey, id);
      return send(200, session);
    }
    const match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === 'GET' && match) {
      const session = sessions.get(match[1]!);
      return session
        ? send(200, session)
        : send(404, { error: { type: 'invalid_request_error', message: 'No such session' } });
    }
    send(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${path})`,
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
