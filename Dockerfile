# syntax=docker/dockerfile:1
# Flockr: the API and the web app in one image (README "Deploying"; compose.yaml runs two
# instances behind nginx with PostgreSQL, Redis and an S3-compatible store).
#
#   docker build -t flockr .
#   docker run -p 3000:3000 -v flockr-data:/data flockr
#
# Every setting is an environment variable (README "Configuration"). Without DATABASE_URL the
# embedded database lives in the /data volume (one container at a time); with it, /data holds
# only what is not shared (the outbox's .eml files without SMTP_URL, program files without
# S3_BUCKET, the generated JWT secret without JWT_SECRET).

ARG NODE_IMAGE=node:24-slim

# 1. Build: every workspace's dependencies (dev ones included), then `npm run build` (the
#    contract, the API's TypeScript, the web app's browser files and server renderer).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY examples/desktop-client/package.json examples/desktop-client/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/api apps/api
COPY apps/web apps/web
RUN npm run build

# 2. Production dependencies only (the API's and those the web app's server renderer imports).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY examples/desktop-client/package.json examples/desktop-client/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. Runtime: production dependencies and the built files, run as the unprivileged `node` user.
# In production the server refuses the sandbox payment provider: run it with
# PAYMENT_PROVIDER=stripe and its keys, or ALLOW_SANDBOX_IN_PRODUCTION=true to try it in test mode.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness (docs/operations.md): GET /api/v1/health answers 200 while the event loop runs. Load
# balancers should check /api/v1/ready instead (compose.yaml's nginx retries on another instance).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# server.ts drains on SIGTERM: /ready answers 503 for SHUTDOWN_GRACE_MS (5 s in production), then
# it closes within 9 s; give the container that long (compose.yaml: stop_grace_period 20s).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
