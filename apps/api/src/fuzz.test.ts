/**
 * Property-based fuzz test of every API route: no request, however malformed, gets a 5xx, and
 * every error answer is JSON with an `error` string.
 *
 * The routes come from the live OpenAPI document (GET /api/v1/openapi.json) plus the routes it
 * hides (`app.routeTable`). For each route fast-check generates requests from the route's own
 * schemas and then breaks them (see test/fuzz-arbitraries.ts): odd path segments and query
 * strings, mutated, invalid, empty, deeply nested or oversize JSON, other content types,
 * malformed multipart, signed but malformed webhook events. Each request is sent as one of
 * several identities, chosen by fast-check too: anonymous, a USER with an open checkout, a
 * subscriber, an ADMIN, a SUPER_ADMIN, or a bogus or forged bearer token. Identities that a
 * request invalidates (logout, password change, account deletion, suspension, role change) are
 * re-created, so the fuzz keeps reaching the handlers behind the guards.
 *
 * Default: each route fails on its first violation, with fast-check's shrunk counterexample
 * (route, identity, method, URL, headers, body excerpt) and the server's logged error.
 * FUZZ_SURVEY=1: record every violation of every route and print a summary table at the end
 * (the summary test fails when there was any). FUZZ_RUNS sets the cases per route (default
 * 250), FUZZ_SEED the seed.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, uploadDownloadFieldsSchema } from '@flockr/contract';
import { users } from './db/schema.js';
import {
  bodyCaseArb,
  excerpt,
  fromSchema,
  headerSafe,
  multipartArb,
  nastyString,
  nastyValue,
  pathValueArb,
  percentEncode,
  queryArb,
  type BodyCase,
  type Hints,
  type JsonSchema,
  type QueryParam,
  type SchemaContext,
} from './test/fuzz-arbitraries.js';
import {
  createHarness,
  orderAndCheckout,
  registerUser,
  signIn,
  subscribedUser,
} from './test/harness.js';

const SURVEY = process.env.FUZZ_SURVEY === '1';
const RUNS = Number(process.env.FUZZ_RUNS ?? 250);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** The password every harness user has. */
const PASSWORD = 'Str0ng!pass';

type Role = 'USER' | 'ADMIN' | 'SUPER_ADMIN';
type SignedIn = 'user' | 'subscriber' | 'admin' | 'super_admin';
type IdentityName = 'anonymous' | SignedIn | 'bogus';

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface FuzzRoute {
  /** `METHOD /api/v1/path/{param}` */
  key: string;
  method: string;
  path: string;
  documented: boolean;
  pathParams: { name: string; schema: JsonSchema }[];
  query: QueryParam[];
  body?: JsonSchema;
}

interface FuzzRequest {
  route: string;
  identity: IdentityName;
  /** Which bogus authorization header (for identity `bogus`). */
  bogus: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: BodyCase;
  [fc.toStringMethod]: () => string;
}

const h = await createHarness();
const { app } = h;
afterAll(() => h.close());

// The harness builds the app without a logger; the error handler still calls request.log.error
// for a 500, and request.log.warn for a value the database refused (answered 400). Capture those
// calls (the stack goes into the failure message, the refusals into the survey); restore after.
const serverErrors: unknown[] = [];
const serverWarnings: unknown[] = [];
type LogMethod = (...args: unknown[]) => void;
const appLog = app.log as unknown as { error: LogMethod; warn: LogMethod };
const { error: originalLogError, warn: originalLogWarn } = appLog;
appLog.error = (...args: unknown[]) => void serverErrors.push(args[0]);
appLog.warn = (...args: unknown[]) => void serverWarnings.push(args[0]);
afterAll(() => {
  appLog.error = originalLogError;
  appLog.warn = originalLogWarn;
});

/** Every string found under property `key` anywhere in `value`. */
function collect(value: unknown, key: string, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) collect(v, key, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === key && typeof v === 'string') out.push(v);
      else collect(v, key, out);
    }
  }
  return out;
}

/** Adds `values` to the hint list `name`, without duplicates. */
function hint(hints: Hints, name: string, ...values: string[]): void {
  hints[name] = [...new Set([...(hints[name] ?? []), ...values])];
}

/** Kinds of rows whose ids the fuzz collects (hint lists of these names, and all in `uuid`). */
type Resource = 'users' | 'orders' | 'plans' | 'downloads' | 'changelog' | 'subscriptions';

/** Adds ids of `resource` rows to the hints. */
function hintIds(resource: Resource, ...ids: string[]): void {
  hint(hints, resource, ...ids);
  hint(hints, 'uuid', ...ids);
}

const hints: Hints = {
  password: [PASSWORD],
  current_password: [PASSWORD],
  new_password: [PASSWORD, 'An0ther!passw0rd'],
  provider: ['sandbox', 'sandbox', 'stripe'],
  is_active: ['true', 'false'],
};

/** Rows an identity owns, so ids in its requests can be its own (not just someone's). */
type Owned = Partial<Record<'orders' | 'subscriptions' | 'sessionId', string[]>>;

/** A signed-in identity: its account, bearer headers and what it owns. */
interface Account {
  id: string;
  email: string;
  headers: Record<string, string>;
  owned: Owned;
}

/** Signed-in identities (repaired when a request invalidates them) and bogus bearer headers. */
class Identities {
  private readonly current = new Map<SignedIn, Account>();
  private static readonly ROLES: Record<SignedIn, Role> = {
    user: 'USER',
    subscriber: 'USER',
    admin: 'ADMIN',
    super_admin: 'SUPER_ADMIN',
  };
  /** Authorization headers for identity `bogus` (malformed, expired or forged), with a label. */
  bogus: { label: string; authorization: string }[] = [];

  /** Creates every identity and the bogus headers (forged tokens are signed with the app secret). */
  async init(): Promise<void> {
    for (const name of Object.keys(Identities.ROLES) as SignedIn[]) await this.create(name);
    const tokens = app.appContext.tokens;
    const hour = 3_600_000;
    const someone = this.current.get('user')!.id;
    /** A bearer header with a token signed by the app's own key. */
    const sign = async (
      audience: 'session' | 'download',
      subject: string,
      ttl: number,
      jti?: string,
    ) => `Bearer ${(await tokens.sign(audience, subject, ttl, {}, jti)).token}`;
    /** A bearer header as is, labelled with its start. */
    const raw = (authorization: string) => ({ label: excerpt(authorization, 60), authorization });
    this.bogus = [
      raw('Bearer'),
      raw('Bearer '),
      raw('Bearer null'),
      raw('bearer x.y.z'),
      raw('Basic dXNlcjpwYXNz'),
      raw('Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'),
      raw(`Bearer ${'a'.repeat(10_000)}`),
      { label: 'expired session token', authorization: await sign('session', someone, -hour) },
      {
        label: 'session token of no session (valid signature)',
        authorization: await sign('session', someone, hour),
      },
      {
        label: 'session token of no user (valid signature)',
        authorization: await sign('session', randomUUID(), hour),
      },
      {
        label: 'forged session token, sub and jti "not-a-uuid" (valid signature)',
        authorization: await sign('session', 'not-a-uuid', hour, 'not-a-uuid'),
      },
      {
        label: 'forged session token, jti "a\\u0000b" (valid signature)',
        authorization: await sign('session', someone, hour, 'a\u0000b'),
      },
      {
        label: 'download token used as a session token',
        authorization: await sign('download', someone, hour),
      },
    ];
    hint(
      hints,
      'token',
      (await tokens.sign('download', someone, hour, { aid: randomUUID() })).token,
      (await tokens.sign('download', someone, hour, { aid: 'not-a-uuid' })).token,
      (await tokens.sign('download', 'a\u0000b', hour, { aid: 'a\u0000b' })).token,
      (await tokens.sign('session', someone, hour)).token,
    );
  }

  /**
   * Registers a fresh account for `name` and gives it its role and rows: `user` an order with an
   * open checkout, `subscriber` a paid subscription (and a download link token).
   */
  async create(name: SignedIn): Promise<void> {
    const owned: Owned = {};
    let account: Awaited<ReturnType<typeof registerUser>>;
    if (name === 'subscriber') {
      const sub = await subscribedUser(app).catch(() => undefined);
      account = sub ?? (await registerUser(app, 'fuzzsub'));
      if (sub) {
        owned.orders = [sub.orderId];
        const mine = await app.inject({
          method: 'GET',
          url: `${API_BASE_PATH}/subscriptions/my-subscriptions`,
          headers: sub.headers,
        });
        owned.subscriptions = mine
          .json<{ subscriptions: { id: string }[] }>()
          .subscriptions.map((x) => x.id);
        const link = await app.inject({
          method: 'GET',
          url: `${API_BASE_PATH}/downloads/link`,
          headers: sub.headers,
        });
        const url =
          link.statusCode === 200 ? link.json<{ download_url: string }>().download_url : '';
        const token = url ? new URL(url, h.config.publicUrl).searchParams.get('token') : null;
        if (token) hint(hints, 'token', token);
      }
    } else {
      account = await registerUser(app, `fuzz${name.replace('_', '')}`);
      const role = Identities.ROLES[name];
      if (role !== 'USER') {
        await h.db.update(users).set({ role }).where(eq(users.id, account.user.id));
      }
      if (name === 'user') {
        const checkout = await orderAndCheckout(app, account.headers).catch(() => undefined);
        if (checkout) {
          owned.orders = [checkout.orderId];
          owned.sessionId = [checkout.sessionId];
          hintIds('plans', checkout.plan.id);
        }
      }
    }
    for (const [key, ids] of Object.entries(owned)) {
      if (key === 'sessionId') hint(hints, key, ...ids);
      else hintIds(key as Resource, ...ids);
    }
    hintIds('users', account.user.id);
    hint(hints, 'email', account.payload.email);
    hint(hints, 'new_email', account.payload.email);
    const { headers } = account;
    this.current.set(name, { id: account.user.id, email: account.payload.email, headers, owned });
  }

  /** The headers to send as `name` (`bogus`: the bogus header number `bogus`). */
  headers(name: IdentityName, bogus: number): Record<string, string> {
    if (name === 'anonymous') return {};
    if (name === 'bogus') return { authorization: this.bogusAt(bogus).authorization };
    return this.current.get(name)!.headers;
  }

  /** The bogus authorization header number `index` (modulo their count). */
  bogusAt(index: number): { label: string; authorization: string } {
    return this.bogus[index % this.bogus.length]!;
  }

  /** The ids of `kind` the current identities own. */
  owned(kind: keyof Owned): string[] {
    return [...this.current.values()].flatMap((a) => a.owned[kind] ?? []);
  }

  /** True when `headers` sign in an ACTIVE account with `role`. */
  private async works(headers: Record<string, string>, role: Role): Promise<boolean> {
    const me = await app.inject({ method: 'GET', url: `${API_BASE_PATH}/auth/me`, headers });
    return me.statusCode === 200 && me.json<{ user: { role: string } }>().user.role === role;
  }

  /**
   * Repairs every identity a request invalidated (logout, password change, suspension, role
   * change, deletion): puts its role and status back and signs in again, or, when that cannot
   * work (deleted, password changed), creates a new one.
   */
  async repair(): Promise<void> {
    for (const [name, account] of this.current) {
      const role = Identities.ROLES[name];
      if (await this.works(account.headers, role)) continue;
      await h.db.update(users).set({ role, status: 'ACTIVE' }).where(eq(users.id, account.id));
      const headers = await signIn(app, { email: account.email, password: PASSWORD }).catch(
        () => undefined,
      );
      if (headers && (await this.works(headers, role))) account.headers = headers;
      else await this.create(name);
    }
  }
}

const identities = new Identities();
await identities.init();

// Ids and versions the database holds, for path parameters and bodies to hit real rows.
for (const resource of ['plans', 'downloads', 'changelog', 'orders'] as const) {
  const res = await app.inject({
    method: 'GET',
    url: `${API_BASE_PATH}/admin/${resource}?limit=100`,
    headers: identities.headers('admin', 0),
  });
  // Only the rows' own ids: an order lists its buyer and plan as objects with ids too.
  const rows = Object.values(res.json<Record<string, { id: string }[]>>())[0] ?? [];
  hintIds(resource, ...rows.map((row) => row.id));
  hint(hints, 'version', ...collect(res.json(), 'version'));
}
hint(hints, 'q', ...(hints.version ?? []), 'fix', 'a%b', 'a_b');

const doc = (
  await app.inject({ method: 'GET', url: `${API_BASE_PATH}/openapi.json` })
).json<OpenApiDocument>();

const resolveRef = (ref: string) =>
  doc.components?.schemas?.[ref.replace('#/components/schemas/', '')];

/**
 * The generator context of `route`: the hints as they are now, with `id` narrowed to the ids of
 * the resource the path names (an order id for /admin/orders/{id}) and the `*_id` fields mapped
 * to their resource's ids.
 */
function routeContext(route: FuzzRoute): SchemaContext {
  const resource = /\/(users|orders|plans|downloads|changelog|subscriptions)\/\{id\}/.exec(
    route.path,
  )?.[1] as Resource | undefined;
  // The current identities' own rows first, then a few of the others (most of those are rows of
  // identities that were replaced, which only ever answer 404).
  /** The hint list of `kind`: owned ids first, then the last few others. */
  const mix = (kind: keyof Owned) => [
    ...new Set([...identities.owned(kind), ...(hints[kind] ?? []).slice(-4)]),
  ];
  return {
    resolveRef,
    hints: {
      ...hints,
      orders: mix('orders'),
      subscriptions: mix('subscriptions'),
      sessionId: mix('sessionId'),
      id:
        resource === 'orders' || resource === 'subscriptions'
          ? mix(resource)
          : (resource && hints[resource]) || hints.uuid || [],
      order_id: mix('orders'),
      plan_id: hints.plans ?? [],
      actor_id: hints.users ?? [],
      entity_id: hints.uuid ?? [],
    },
  };
}

/** The fuzz routes: every operation of the OpenAPI document, then every hidden /api/v1 route. */
function routesToFuzz(): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  /** Adds the route `method path` with the parameters and body of `op`. */
  const add = (method: string, path: string, op: OpenApiOperation, documented: boolean) => {
    const params = op.parameters ?? [];
    const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name: name!,
      schema: params.find((p) => p.in === 'path' && p.name === name)?.schema ?? { type: 'string' },
    }));
    const query = params
      .filter((p) => p.in === 'query')
      .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} }));
    const body = op.requestBody?.content?.['application/json']?.schema;
    routes.push({ key: `${method} ${path}`, method, path, documented, pathParams, query, body });
  };
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) {
        add(method.toUpperCase(), path, op, true);
      }
    }
  }
  for (const { method, url } of app.routeTable) {
    const path = url.replace(/:(\w+)/g, '{$1}');
    const inApi = url === API_BASE_PATH || url.startsWith(`${API_BASE_PATH}/`);
    if (inApi && !routes.some((r) => r.method === method && r.path === path)) {
      add(method, path, {}, false);
    }
  }
  return routes;
}

const routes = routesToFuzz();

const sandboxSecret = `whsec_${createHmac('sha256', h.config.jwtSecret).update('sandbox-webhook').digest('hex')}`;
const stripe = new Stripe('sk_test_fuzz');

/**
 * Signed sandbox events whose content is fuzzed: known or nasty ids, odd types and shapes, fields
 * missing, even a body that is not an object. Only the provider (who holds the secret) can send
 * these, so a failure here is about robustness against a provider's odd event, not an attack.
 */
function signedWebhookArb(rctx: SchemaContext): fc.Arbitrary<BodyCase> {
  /** A known value for `name` (a random uuid when none is known). */
  const known = (name: string) =>
    rctx.hints[name]?.length ? fc.constantFrom(...rctx.hints[name]!) : fc.uuid();
  const session = fc.record(
    {
      id: fc.oneof(known('sessionId'), nastyString()),
      object: fc.constant('checkout.session'),
      client_reference_id: fc.oneof(
        known('order_id'),
        nastyString(),
        fc.constant(null),
        nastyValue(),
      ),
      metadata: fc.oneof(
        fc.record({ order_id: fc.oneof(known('order_id'), nastyValue()) }),
        nastyValue(),
      ),
      payment_status: fc.oneof(
        fc.constantFrom('paid', 'unpaid', 'no_payment_required'),
        nastyValue(),
      ),
      status: fc.constantFrom('complete', 'expired', 'open'),
      payment_intent: fc.oneof(
        fc.string(),
        fc.record({ id: nastyValue() }),
        fc.constant(null),
        nastyValue(),
      ),
      amount: fc.oneof(fc.integer(), nastyValue()),
      amount_refunded: fc.oneof(fc.integer(), nastyValue()),
    },
    { requiredKeys: ['id', 'object'] },
  );
  const event = fc.record(
    {
      id: fc.oneof(
        { arbitrary: fc.uuid().map((u) => `evt_fuzz_${u}`), weight: 4 },
        { arbitrary: nastyString(), weight: 2 },
        { arbitrary: nastyValue(), weight: 1 },
      ),
      object: fc.constant('event'),
      type: fc.oneof(
        fc.constantFrom(
          'checkout.session.completed',
          'checkout.session.async_payment_succeeded',
          'checkout.session.async_payment_failed',
          'checkout.session.expired',
          'charge.refunded',
          'payment_intent.succeeded',
        ),
        nastyValue(),
      ),
      created: fc.oneof(fc.constant(Math.floor(Date.now() / 1000)), fc.integer()),
      data: fc.oneof(
        { arbitrary: fc.record({ object: session }), weight: 5 },
        { arbitrary: fc.record({ object: nastyValue() }), weight: 1 },
        { arbitrary: nastyValue(), weight: 1 },
      ),
    },
    { requiredKeys: ['object'] },
  );
  const signed = fc.oneof({ arbitrary: event, weight: 9 }, { arbitrary: nastyValue(), weight: 1 });
  return signed.map((e) => {
    const payload = JSON.stringify(e) ?? 'null';
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: sandboxSecret });
    return {
      label: 'signed sandbox event',
      contentType: 'application/json',
      payload,
      headers: { 'sandbox-signature': signature },
    };
  });
}

/**
 * Multipart uploads: the upload form's fields (valid-ish, or one nasty, or random ones) and a
 * file part; `wellFormed` keeps the fields valid-ish and the multipart framing intact.
 */
function uploadArb(rctx: SchemaContext, wellFormed = false): fc.Arbitrary<BodyCase> {
  const schema = z.toJSONSchema(uploadDownloadFieldsSchema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  const valid = fromSchema(schema, rctx).map((v) =>
    Object.fromEntries(
      Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, String(x)]),
    ),
  );
  const fields = wellFormed
    ? valid
    : fc.oneof(
        valid,
        fc
          .tuple(
            valid,
            fc.constantFrom('version', 'release_date', 'filename', 'is_active', 'extra'),
            nastyString(),
          )
          .map(([v, k, n]) => ({ ...v, [k]: n })),
        fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), {
          maxKeys: 14,
        }),
      );
  const file = fc.record({
    fieldname: wellFormed ? fc.constant('file') : fc.constantFrom('file', 'file', 'file', 'other'),
    filename: fc.oneof(
      fc.constantFrom('app.zip', 'Flockr-v9.9.9.zip', '../../../etc/passwd', '.hidden', ''),
      nastyString().map((s) => s.slice(0, 300)),
    ),
    data: fc.uint8Array({ minLength: wellFormed ? 1 : 0, maxLength: 4096 }),
  });
  return multipartArb(fields, file, { wellFormed });
}

/** Route-specific bodies besides the ones derived from the route's schema. */
function extraBodies(route: FuzzRoute, rctx: SchemaContext): fc.WeightedArbitrary<BodyCase>[] {
  if (route.key === `POST ${API_BASE_PATH}/payments/webhooks/{provider}`) {
    return [{ arbitrary: signedWebhookArb(rctx), weight: 12 }];
  }
  if (route.key === `POST ${API_BASE_PATH}/admin/downloads/upload`) {
    return [{ arbitrary: uploadArb(rctx), weight: 20 }];
  }
  return [];
}

/** Who sends the request: admin routes mostly as admins, the others mostly as users. */
function identityArb(route: FuzzRoute): fc.Arbitrary<IdentityName> {
  const admin = route.path.includes('/admin/');
  /** Weighted `name`: `adminWeight` on admin routes, `otherWeight` on the others. */
  const w = (name: IdentityName, adminWeight: number, otherWeight: number) => ({
    arbitrary: fc.constant(name),
    weight: admin ? adminWeight : otherWeight,
  });
  return fc.oneof(
    w('anonymous', 1, 3),
    w('user', 1, 4),
    w('subscriber', 1, 3),
    w('admin', 5, 1),
    w('super_admin', 4, 1),
    w('bogus', 1, 1),
  );
}

/** Optional extra headers: odd cookies (the device cookie too), accept and forwarding headers. */
function extraHeadersArb(): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      cookie: fc.oneof(
        fc.constantFrom(
          'flockr_device=%00',
          `flockr_device=${'a'.repeat(5000)}`,
          'a=b; a=c',
          '=',
          ';;',
        ),
        fc.constantFrom(...(hints.token ?? ['x'])).map((t) => `flockr_device=${t}`),
        fc.string({ maxLength: 40 }).map((s) => `flockr_device=${headerSafe(s)}`),
      ),
      accept: fc.constantFrom('*/*', 'application/json', 'text/html', 'image/png', ';;', ''),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 10.0.0.1', ''),
    },
    { requiredKeys: [] },
  );
}

/** The parts of a request, before they are put together into a {@link FuzzRequest}. */
interface RequestParts {
  identity: IdentityName;
  bogus: number;
  method: string;
  segments: string[];
  query: string;
  body: BodyCase;
  headers: Record<string, string>;
}

/** Anything goes: odd identities, segments, queries, bodies, content types and headers. */
function chaoticArb(route: FuzzRoute, rctx: SchemaContext): fc.Arbitrary<RequestParts> {
  const segments =
    route.pathParams.length > 0
      ? fc.tuple(...route.pathParams.map((p) => pathValueArb(p.schema, rctx, p.name)))
      : fc.constant([] as string[]);
  const query =
    route.query.length > 0
      ? queryArb(route.query, rctx)
      : fc.oneof(
          { arbitrary: fc.constant(''), weight: 6 },
          { arbitrary: queryArb([], rctx), weight: 1 },
        );
  const method = fc.oneof(
    { arbitrary: fc.constant(route.method), weight: 20 },
    { arbitrary: fc.constant(route.method === 'GET' ? 'HEAD' : 'OPTIONS'), weight: 1 },
  );
  return fc.record({
    identity: identityArb(route),
    bogus: fc.nat(),
    method,
    segments,
    query,
    body: bodyCaseArb(route.body, rctx, extraBodies(route, rctx)),
    headers: extraHeadersArb(),
  });
}

/** A value of `schema` for `name`: mostly a known one when there are any, else a valid-ish one. */
function focusedValue(schema: JsonSchema, rctx: SchemaContext, name: string): fc.Arbitrary<string> {
  const known = rctx.hints[name] ?? [];
  const valid = fromSchema(schema, rctx, name).map((v) =>
    typeof v === 'string' ? v : JSON.stringify(v),
  );
  return known.length > 0
    ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, { arbitrary: valid, weight: 1 })
    : valid;
}

/**
 * Requests that pass the guards and usually the validation, so the handlers themselves run:
 * the right kind of identity, real ids, schema-valid query and JSON body (a control character
 * may still be slipped into a string), a well-formed upload, a signed webhook event.
 */
function focusedArb(route: FuzzRoute, rctx: SchemaContext): fc.Arbitrary<RequestParts> {
  const admin = route.path.includes('/admin/');
  const identity: fc.Arbitrary<IdentityName> = admin
    ? fc.constantFrom('admin', 'super_admin')
    : fc.constantFrom('user', 'user', 'subscriber', 'subscriber', 'anonymous');
  const segments =
    route.pathParams.length > 0
      ? fc.tuple(
          ...route.pathParams.map((p) => focusedValue(p.schema, rctx, p.name).map(percentEncode)),
        )
      : fc.constant([] as string[]);
  const query = fc
    .tuple(
      ...route.query.map((p) =>
        fc
          .option(focusedValue(p.schema, rctx, p.name), { freq: p.required ? 10 : 1 })
          .map((v) => (v === null ? '' : `${p.name}=${percentEncode(v)}`)),
      ),
    )
    .map((pairs) => pairs.filter(Boolean).join('&'));
  let body: fc.Arbitrary<BodyCase> = fc.constant({ label: 'no body' });
  if (route.key === `POST ${API_BASE_PATH}/payments/webhooks/{provider}`) {
    body = signedWebhookArb(rctx);
  } else if (route.key === `POST ${API_BASE_PATH}/admin/downloads/upload`) {
    body = uploadArb(rctx, true);
  } else if (route.body) {
    body = fromSchema(route.body, rctx).map((v) => ({
      label: 'schema-valid JSON',
      contentType: 'application/json',
      payload: JSON.stringify(v),
    }));
  }
  return fc.record({
    identity,
    bogus: fc.constant(0),
    method: fc.constant(route.method),
    segments,
    query,
    body,
    headers: fc.constant({}),
  });
}

/** The request arbitrary of `route`: two chaotic requests for one focused one. */
function requestArb(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  const rctx = routeContext(route);
  return fc
    .oneof(
      { arbitrary: chaoticArb(route, rctx), weight: 2 },
      { arbitrary: focusedArb(route, rctx), weight: 1 },
    )
    .map(({ identity, bogus, method, segments, query, body, headers }) => {
      let i = 0;
      const path = route.path.replace(/\{\w+\}/g, () => segments[i++] ?? '');
      const request: FuzzRequest = {
        route: route.key,
        identity,
        bogus,
        method,
        url: query ? `${path}?${query}` : path,
        headers: { ...headers, ...body.headers },
        body,
        [fc.toStringMethod]: () => describeRequest(request),
      };
      return request;
    });
}

/** A readable, bounded description of a request for failure messages. */
function describeRequest(r: FuzzRequest): string {
  const who =
    r.identity === 'bogus'
      ? `bogus authorization: ${identities.bogusAt(r.bogus).label}`
      : r.identity;
  return [
    `${r.method} ${excerpt(r.url, 400)} as ${who}`,
    `headers: ${excerpt(JSON.stringify({ ...r.headers, 'content-type': r.body.contentType }), 400)}`,
    `body (${r.body.label}): ${excerpt(r.body.payload)}`,
  ].join('\n    ');
}

/** Sends `r` as its identity; returns the answer and what the server logged as errors and warnings. */
async function send(
  r: FuzzRequest,
): Promise<{ res: LightMyRequestResponse; logged: unknown[]; warned: unknown[] }> {
  const headers: Record<string, string> = {
    ...r.headers,
    ...identities.headers(r.identity, r.bogus),
  };
  if (r.body.contentType !== undefined) headers['content-type'] = r.body.contentType;
  serverErrors.length = 0;
  serverWarnings.length = 0;
  const res = await app.inject({
    method: r.method as 'GET',
    url: r.url,
    headers,
    ...(r.body.payload !== undefined && { payload: r.body.payload }),
  });
  const logged = [...serverErrors];
  const warned = [...serverWarnings];
  if (res.statusCode < 400 && !['GET', 'HEAD', 'OPTIONS'].includes(r.method)) {
    await identities.repair();
  }
  return { res, logged, warned };
}

/** What is wrong with an answer: a 5xx, or an error answer without a JSON `error` string. */
function violation(r: FuzzRequest, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (res.statusCode >= 400 && r.method !== 'HEAD') {
    try {
      const body = JSON.parse(res.body) as { error?: unknown } | null;
      if (typeof body?.error !== 'string') return `${res.statusCode} without an "error" string`;
    } catch {
      return `${res.statusCode} answered with a body that is not JSON`;
    }
  }
  return undefined;
}

/** The first lines of a logged server error (its stack when it has one). */
function describeLogged(logged: unknown[]): string {
  return logged
    .map((entry) => {
      const err = (entry as { err?: unknown } | undefined)?.err ?? entry;
      const text = err instanceof Error ? (err.stack ?? err.message) : JSON.stringify(err);
      // A database error is wrapped (drizzle's "Failed query"): its cause says what PostgreSQL refused.
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause : undefined;
      const lines = (text ?? '').split('\n').slice(0, 8);
      if (cause) lines.splice(1, 0, `cause: ${cause.message}`);
      return lines.join('\n      ');
    })
    .join('\n      ');
}

interface Finding {
  count: number;
  problem: string;
  server: string;
  example: string;
  size: number;
}

/** Survey mode: per route, how often each status was answered (shows how deep the fuzz gets). */
const statuses = new Map<string, Map<number, number>>();

/** Survey mode: per route, violations grouped by problem and server error. */
const findings = new Map<string, Map<string, Finding>>();

/** Records a violation of `r` for the survey, keeping the smallest example of each kind. */
function record(r: FuzzRequest, res: LightMyRequestResponse, problem: string, server: string) {
  const byKind = findings.get(r.route) ?? new Map<string, Finding>();
  findings.set(r.route, byKind);
  const firstLine = server.split('\n')[0] ?? '';
  const kind = `${problem} | ${firstLine}`;
  const size = r.url.length + (r.body.payload?.length ?? 0);
  const seen = byKind.get(kind);
  const example = `${describeRequest(r)}\n    answer: ${excerpt(res.body, 200)}`;
  if (!seen) byKind.set(kind, { count: 1, problem, server, example, size });
  else {
    seen.count += 1;
    if (size < seen.size) Object.assign(seen, { example, size, server });
  }
}

/**
 * Survey mode: per route, values the validation let through but the database refused (answered
 * 400 by the error handler's last line of defence), grouped by the database's message.
 */
const refusals = new Map<string, Map<string, { count: number; example: string }>>();

/** Records a database refusal of `r` for the survey. */
function note(r: FuzzRequest, res: LightMyRequestResponse, server: string) {
  const byCause = refusals.get(r.route) ?? new Map<string, { count: number; example: string }>();
  refusals.set(r.route, byCause);
  const cause = /cause: (.*)/.exec(server)?.[1] ?? server.split('\n')[0] ?? '';
  const seen = byCause.get(cause);
  if (seen) seen.count += 1;
  else
    byCause.set(cause, {
      count: 1,
      example: `${describeRequest(r)}\n    answer: ${res.statusCode}`,
    });
}

describe('fuzz: every route answers below 500, with a JSON error', () => {
  it('covers every /api/v1 route of the route table', () => {
    const registered = app.routeTable.filter((r) => r.url.startsWith(`${API_BASE_PATH}/`));
    expect(routes.length).toBe(registered.length);
    expect(routes.filter((r) => r.documented).length).toBeGreaterThan(40);
  });

  for (const route of routes) {
    it(`${route.key}${route.documented ? '' : ' (not in the OpenAPI document)'}`, async () => {
      const property = fc.asyncProperty(requestArb(route), async (r) => {
        const { res, logged, warned } = await send(r);
        if (SURVEY) {
          // Only errors logged as warnings: the error handler's database refusals.
          const refused = warned.filter((w) => (w as { err?: unknown } | null)?.err);
          if (refused.length > 0) note(r, res, describeLogged(refused));
          const counts = statuses.get(route.key) ?? new Map<number, number>();
          statuses.set(
            route.key,
            counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1),
          );
        }
        const problem = violation(r, res);
        if (!problem) return;
        const server = describeLogged(logged);
        if (SURVEY) {
          record(r, res, problem, server);
          return;
        }
        throw new Error(
          [
            `${route.key} ${problem}`,
            `  request: ${describeRequest(r)}`,
            `  answer: ${res.statusCode} ${excerpt(res.body, 300)}`,
            ...(server ? [`  server error: ${server}`] : []),
          ].join('\n'),
        );
      });
      await fc.assert(property, { numRuns: RUNS, ...(SEED !== undefined && { seed: SEED }) });
    }, 300_000);
  }

  if (SURVEY) {
    it('survey: no violation on any route', () => {
      const lines: string[] = [];
      let total = 0;
      for (const [route, byKind] of findings) {
        for (const f of byKind.values()) {
          total += f.count;
          lines.push(
            `${route} | ${f.problem} | ${f.count}x\n    ${f.example}${f.server ? `\n    server error: ${f.server}` : ''}`,
          );
        }
      }
      const table = [...statuses].map(
        ([route, counts]) =>
          `${route.padEnd(64)} ${[...counts]
            .sort(([a], [b]) => a - b)
            .map(([status, n]) => `${status}:${n}`)
            .join(' ')}`,
      );
      console.log(`Fuzz survey: answers per route\n${table.join('\n')}`);
      const refused = [...refusals].flatMap(([route, byCause]) =>
        [...byCause].map(
          ([cause, { count, example }]) => `${route} | ${cause} | ${count}x\n    ${example}`,
        ),
      );
      console.log(
        `Fuzz survey: values the database refused (answered 400 by the last line of defence)\n${refused.join('\n\n') || '(none)'}`,
      );
      console.log(
        `Fuzz survey: ${total} violation(s) on ${findings.size} route(s)\n${lines.join('\n\n')}`,
      );
      expect(findings.size, 'routes with violations').toBe(0);
    });
  }
});
