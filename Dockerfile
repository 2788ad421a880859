# syntax=docker/dockerfile:1
# Scentia as a container: the release bundle (scripts/release.mjs) on Node 24 slim, run as a non-root
# user. Build from the repository root:  docker build -t scentia .   (compose.yaml builds it too)
# The first stage builds the bundle from the sources; the image holds the bundle alone. Both stages use
# the same base, so the native dependencies npm installs (sharp, argon2) match the image's platform.

FROM node:24-slim AS build
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/release.mjs --out /release

FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_LEVEL=info
WORKDIR /app
# Owned by root and read-only to the server: only DATA_DIR is writable.
COPY --from=build /release ./
RUN mkdir -p /data && chown node:node /data
USER node
# The embedded database (without DATABASE_URL), uploaded files (without S3_BUCKET) and the generated
# device secret key (without DEVICE_SECRET_KEY) live here.
VOLUME ["/data"]
EXPOSE 3000
# Liveness only: readiness (/api/health/ready) is for the balancer, not for restarting the container.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as PID 1, so SIGTERM reaches the server, which drains within SHUTDOWN_TIMEOUT_MS.
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
