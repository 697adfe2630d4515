# syntax=docker/dockerfile:1
# Ashnote's server as a container image: `docker compose up` (compose.yaml) builds it.
# Every step runs a script from the repository that deploy/release.test.ts also runs, since no
# container can be built where our tests run.

FROM node:22-bookworm-slim AS build
WORKDIR /src
COPY . .
# The release, installed (deploy/container/build.sh: npm ci, npm run release, npm ci --omit=dev).
RUN --mount=type=cache,target=/root/.npm deploy/container/build.sh /release

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# The release's files stay root's: the server (uid 1000, the image's `node` user) can read its
# code but not change it. It writes only under /data (the embedded database, when
# DATABASE_URL is unset).
COPY --from=build /release/app/ ./
COPY --from=build --chown=1000:1000 /release/data/ /data/
USER 1000:1000
VOLUME /data
EXPOSE 3000
# SIGTERM (compose's stop) drains: /readyz answers 503, requests in flight finish, chat clients
# are told to reconnect elsewhere, within SHUTDOWN_TIMEOUT_MS (10 s by default).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "deploy/container/healthcheck.mjs"]
CMD ["node", "dist/server/main.js"]
