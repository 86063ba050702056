# syntax=docker/dockerfile:1
# Balcão's image: the built web app, the server (TypeScript run by tsx, as `npm run serve`) and the production
# dependencies, on Debian bookworm's slim Node.js 20, as an unprivileged user. compose.yaml runs it twice behind nginx;
# docs/operations.md says how to deploy, configure and upgrade it. Checked by src/server/deploy.test.ts (CI has no
# container daemon: src/server/topologia.test.ts runs the same topology without containers).

# ── build: every dependency (the web app's tools), the web app, then the dev dependencies pruned ─────────────────────
# The full image has python3, make and g++, which better-sqlite3 needs should its prebuilt binary not download; sharp
# installs the prebuilt libvips of this platform. Build and runtime are both bookworm (glibc): the native modules built
# here load there.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The last line fails the build here, not at the first start, when a native module did not build for this platform.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && find src/server -name '*.test.ts' -delete \
 && rm -rf src/server/testing \
 && node -e "require('better-sqlite3')(':memory:').prepare('select 1').get(); require('sharp')"

# ── runtime: only what runs ─────────────────────────────────────────────────────────────────────────────────────────
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    WEB_DIST=dist/web
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/tsconfig.json ./tsconfig.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/web ./dist/web
# The server's render of the first screen (web/entry-server.tsx built): it imports react and react-dom, runtime
# dependencies (e2e/renderizacao-servidor.spec.ts checks the built files import nothing else).
COPY --from=build /app/dist/ssr ./dist/ssr
COPY --from=build /app/src/shared ./src/shared
COPY --from=build /app/src/server ./src/server
# The code stays root's and read-only to the app; it writes only where it keeps data: ./data (an SQLite deployment's
# database and key, when no DATABASE_URL/DATA_ENCRYPTION_KEY say otherwise; mount a volume there), ./backups
# (`npm run backup`) and the demo images' cache (a staging instance started with SEED_DEMO=true).
RUN mkdir -p data backups node_modules/.cache/balcao-images \
 && chown node:node data backups node_modules/.cache/balcao-images
USER node
EXPOSE 3000
# /api/health answers 200 while the database answers, 503 otherwise.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations run at start (one transaction, under PostgreSQL's advisory lock: several processes may start at once);
# SIGTERM lets requests in flight finish before the process ends.
CMD ["node", "--import", "tsx", "src/server/main.ts"]
