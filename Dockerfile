# syntax=docker/dockerfile:1
# Build: compile the server and the browser bundles with the dev dependencies.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm install (not npm ci): the lock file lists only the linux-x64 builds of optional native packages
# (see README, Commands); with the lock present it still installs exactly the locked versions.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only, without the embedded PostgreSQL binaries (the image takes DATABASE_URL).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --omit=optional --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
# The heap cap and two malloc arenas keep RSS near 200 MB under load (README, Performance); raise the cap
# with NODE_OPTIONS at run time.
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data NODE_OPTIONS=--max-old-space-size=192 MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY data ./data
COPY public ./public
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Migrations run at start, before the server listens.
# The heap cap keeps memory bounded: without it V8 lets garbage grow the heap far past the live data
# (bench/README.md, memory).
CMD ["node", "dist/src/main.js"]
