# syntax=docker/dockerfile:1
#
# The storefront in one image: the Fastify server (API, server-rendered pages, realtime socket
# server, all on one port) and the built web app. How to run it: docs/deploy.md.
#
#   docker build -t shop-storefront .
#
# The server is compiled (docs/decisions/0028-server-runs-compiled.md): `npm run build` makes
# apps/server/dist/server.js, which `node` runs as the one process.

# ---- build: the web app's and the server's build tools, then `npm run build` ----------------
# (apps/web/build and apps/server/dist)
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The lock file and every workspace's package.json first (npm ci checks the lock against all of
# them), so the install is cached while only sources change.
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# The web app's, the server's and the contracts' dependencies (dev ones included: Vite, React
# Router's build, esbuild). Optional dependencies carry the prebuilt binaries (esbuild, rolldown,
# lightningcss): never --omit=optional.
RUN npm ci --include=optional --workspace=apps/web --workspace=apps/server --workspace=packages/contracts \
      --no-audit --no-fund
COPY packages/contracts packages/contracts
COPY apps/web apps/web
COPY apps/server apps/server
RUN npm run build

# ---- runtime: production dependencies, the compiled server and the built web app ------------
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production APP_ENV=production HOST=0.0.0.0
# Two malloc arenas instead of eight per core: a server at rest keeps ~10 MB less (glibc reads it).
ENV MALLOC_ARENA_MAX=2
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# The server's and the web app's production dependencies (the server-side render imports React
# and React Router from node_modules). sharp and @node-rs/argon2 come as prebuilt binaries in
# optional dependencies: kept. tsx stays for the command-line tools (seed, create-operator),
# which run from source.
RUN npm ci --omit=dev --include=optional \
      --workspace=apps/server --workspace=apps/web --workspace=packages/contracts \
      --no-audit --no-fund \
  && npm cache clean --force
# The sources too: migrations and translations are read from apps/server/src at run time, and
# the command-line tools run from them.
COPY packages/contracts/src packages/contracts/src
COPY apps/server/src apps/server/src
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/build apps/web/build
# DATA_DIR defaults to /app/data (uploads in data/uploads, support attachments in data/private,
# resized images in data/cache). A named volume mounted here starts with this folder's owner.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness: 200 once the server listens (after the migrations and a first start's seed). The
# proxy asks /api/ready instead (the database and Redis answer, and the process is not stopping).
HEALTHCHECK --interval=15s --timeout=5s --start-period=300s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# One process, no npm wrapper: SIGTERM reaches the server, which closes its sockets and the
# database within 10 seconds.
CMD ["node", "--enable-source-maps", "--expose-gc", "apps/server/dist/server.js"]
