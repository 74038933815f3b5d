/**
 * The deployment files agree with the code (README "Deploying"): the root Dockerfile,
 * compose.yaml and deploy/nginx/compose.conf cannot be run here (no Docker), so these checks
 * read them: every variable compose.yaml gives the app is one config.ts reads (and the whole set
 * parses), the HEALTHCHECK asks a real route, the ports, paths and services line up. And README
 * "Configuration" lists every variable config.ts reads.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { API, API_BASE_PATH } from '@flockr/contract';
import { loadConfig } from './config.js';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The variable names of config.ts's `envSchema` (its keys, in source order). */
function configVariables(): string[] {
  const source = read('apps/api/src/config.ts');
  const start = source.indexOf('const envSchema = z.object({');
  const end = source.indexOf('\n});', start);
  expect(start, 'config.ts has envSchema').toBeGreaterThan(-1);
  return [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

/**
 * Variables the app reads that are not config.ts's: the AWS SDK's default credential chain (README
 * `S3_BUCKET`: "Credentials from the AWS SDK's default chain").
 */
const SDK_VARIABLES = new Set(['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']);

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const appServices = Object.entries(compose.services).filter(([, s]) => s.build !== undefined);

/**
 * compose's `${NAME:-default}` → the `shell`'s NAME when set there (as in `.env` or the shell),
 * else the default; `${NAME:?message}` → a stand-in; `$$` → `$`.
 */
function interpolate(value: string, shell: Record<string, string> = {}): string {
  return value
    .replace(/\$\{([A-Z0-9_]+):-([^}]*)\}/g, (_all, name: string, fallback: string) =>
      shell[name] ? shell[name] : fallback,
    )
    .replace(/\$\{[A-Z0-9_]+:\?[^}]*\}/g, 'x'.repeat(64))
    .replace(/\$\$/g, '$');
}

const dockerfile = read('Dockerfile');

describe('compose.yaml', () => {
  it('runs two instances of the image, behind nginx, with PostgreSQL, Redis and an S3 store', () => {
    expect(appServices.map(([name]) => name)).toEqual(['app1', 'app2']);
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['nginx', 'postgres', 'redis', 'minio']),
    );
  });

  it('gives the app only variables config.ts reads (or the AWS SDK), and they parse', () => {
    const known = new Set(configVariables());
    /** The app's environment with `shell` set where compose asks it (`${NAME:-…}`). */
    const environment = (service: ComposeService, shell: Record<string, string> = {}) =>
      Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([k, v]) => [
          k,
          interpolate(String(v), shell),
        ]),
      );
    for (const [name, service] of appServices) {
      const env = service.environment ?? {};
      const unknown = Object.keys(env).filter((k) => !known.has(k) && !SDK_VARIABLES.has(k));
      expect(unknown, `${name}: variables config.ts does not read`).toEqual([]);
      // Production on the sandbox, compose's default provider, is refused until the operator
      // sets Stripe up or opts in (docs/billing.md "Test mode").
      expect(() => loadConfig(environment(service))).toThrow(/ALLOW_SANDBOX_IN_PRODUCTION=true/);
      expect(
        loadConfig(environment(service, { ALLOW_SANDBOX_IN_PRODUCTION: 'true' })).paymentsMode,
      ).toBe('test');
      const config = loadConfig(
        environment(service, {
          PAYMENT_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: 'sk_live_x',
          STRIPE_WEBHOOK_SECRET: 'whsec_x',
        }),
      );
      expect(config.paymentsMode).toBe('live');
      expect(config.env).toBe('production');
      expect(config.databaseUrl).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(config.objectStore).toMatchObject({
        endpoint: 'http://minio:9000',
        forcePathStyle: true,
      });
      expect(config.dataDir).toBe('/data');
      expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(config.trustProxy).toBeTruthy();
      expect(config.tracing).toBeUndefined();
    }
  });

  it('shares one JWT secret and one bucket, created before the app starts', () => {
    const [first, second] = appServices.map(([, s]) => s.environment!);
    expect(first!.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
    expect(second).toEqual(first);
    const bucket = first!.S3_BUCKET!;
    const maker = compose.services['minio-bucket'];
    expect(JSON.stringify(maker)).toContain(`local/${bucket}`);
    for (const [, service] of appServices)
      expect(service.depends_on?.['minio-bucket']?.condition).toBe(
        'service_completed_successfully',
      );
  });

  it('gives each instance its own DATA_DIR volume, and names only services and volumes it has', () => {
    const dataVolumes = appServices.map(([, s]) => s.volumes?.find((v) => v.endsWith(':/data')));
    expect(new Set(dataVolumes).size).toBe(appServices.length);
    for (const [name, service] of Object.entries(compose.services)) {
      for (const dependency of Object.keys(service.depends_on ?? {}))
        expect(Object.keys(compose.services), `${name} depends on`).toContain(dependency);
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('.')) expect(existsSync(path.join(root, source)), volume).toBe(true);
        else expect(Object.keys(compose.volumes), `${name}: ${volume}`).toContain(source);
      }
      if (name !== 'minio-bucket') expect(service.healthcheck ?? dockerfile, name).toBeTruthy();
    }
  });

  it("puts nginx in front of every instance, with flockr.conf's headers, redacted log and /metrics refused", () => {
    const nginx = compose.services.nginx!;
    const mount = nginx.volumes!.find((v) => v.includes('/etc/nginx/conf.d/'))!;
    const conf = read(mount.split(':')[0]!);
    const port = compose.services.app1!.environment!.PORT;
    const upstreams = [...conf.matchAll(/^\s*server ([\w.-]+):(\d+)/gm)].map((m) => [m[1], m[2]]);
    expect(upstreams).toEqual(appServices.map(([name]) => [name, port]));
    const single = read('deploy/nginx/flockr.conf');
    for (const line of single.split('\n').map((l) => l.trim())) {
      if (/^(proxy_set_header|map |log_format |"~\^|default )/.test(line) || line === 'deny all;')
        expect(conf, `compose.conf keeps "${line}" of flockr.conf`).toContain(line);
    }
    // Its access log has the redacted URIs (docs/observability.md, "What is never logged").
    expect(conf).toMatch(/^\s*access_log \S+ flockr;/m);
    expect(conf).toMatch(/location = \/metrics \{\s*deny all;/);
    for (const [name] of appServices)
      expect(nginx.depends_on?.[name]?.condition).toBe('service_healthy');
  });
});

describe('Dockerfile', () => {
  it('checks health on the liveness route of the contract', () => {
    const healthcheck = dockerfile.slice(dockerfile.indexOf('HEALTHCHECK'));
    const route = /\/api\/v1\/[a-z/]+/.exec(healthcheck)?.[0];
    expect(route).toBe(`${API_BASE_PATH}${API.system.health.path}`);
    expect(API.system.health.method).toBe('GET');
    expect(API.system.health.access).toBe('public');
  });

  it('exposes the default port, keeps DATA_DIR in a volume, runs the built server as non-root', () => {
    const defaults = loadConfig({}, { jwtSecret: 'x'.repeat(32), dataDir: '/tmp/unused' });
    expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${defaults.port}$`, 'm'));
    expect(dockerfile).toMatch(/^\s*DATA_DIR=\/data$/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^STOPSIGNAL SIGTERM$/m);
    const start = JSON.parse(read('apps/api/package.json')).scripts.start as string;
    const entry = /dist\/server\.js/.exec(start)![0];
    expect(dockerfile).toContain(`"apps/api/${entry}"`);
    expect(existsSync(path.join(root, 'apps/api/src/server.ts'))).toBe(true);
  });

  it('copies every workspace manifest before npm ci (the lockfile names them all)', () => {
    const workspaces = JSON.parse(read('package.json')).workspaces as string[];
    for (const stage of ['AS build', 'AS deps']) {
      const text = dockerfile.slice(dockerfile.indexOf(stage));
      const beforeCi = text.slice(0, text.indexOf('RUN npm ci'));
      for (const workspace of workspaces)
        expect(beforeCi, `${stage}: ${workspace}`).toContain(`COPY ${workspace}/package.json`);
    }
  });

  it('ships the migrations and the web app where the server looks for them', () => {
    // db/client.ts MIGRATIONS_FOLDER is apps/api/drizzle; app.ts WEB_APP is apps/web.
    for (const folder of [
      'apps/api/drizzle',
      'apps/api/dist',
      'apps/web/dist',
      'apps/web/dist-server',
      'packages/contract/dist',
    ])
      expect(dockerfile).toContain(`COPY --from=build /app/${folder} ${folder}`);
    const ignored = read('.dockerignore');
    expect(ignored).not.toMatch(/^apps\/api\/drizzle/m);
  });
});

describe('README "Configuration"', () => {
  it('lists every variable config.ts reads', () => {
    const readme = read('README.md');
    const table = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
    );
    const documented = new Set(
      table
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)])
        .map((m) => m[1]),
    );
    expect(configVariables().filter((name) => !documented.has(name))).toEqual([]);
  });
});
