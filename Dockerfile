# syntax=docker/dockerfile:1
# The runtime tree is made by scripts/runtime-tree.sh, which test/api/runtime-tree.spec.ts also runs into a
# temporary folder and starts against a PostgreSQL of its own, so what this image holds is tested without
# Docker (docs/operations.md, The Docker image).

# Build: compile the server and the browser bundles with the dev dependencies.
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && scripts/runtime-tree.sh app /runtime

# Production dependencies only (sharp's native build kept), without the embedded PostgreSQL: the image
# takes DATABASE_URL.
FROM node:24-bookworm-slim AS deps
WORKDIR /src
COPY package.json package-lock.json ./
COPY scripts/runtime-tree.sh scripts/
RUN scripts/runtime-tree.sh deps /runtime

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /runtime/ ./
COPY --from=build /runtime/ ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Runs node dist/src/main.js with the heap cap and malloc arenas the script sets (raise the cap with
# NODE_OPTIONS=--max-old-space-size=N); migrations run at start, before the server listens.
CMD ["/app/scripts/runtime-tree.sh", "start"]
