# syntax=docker/dockerfile:1
# One image holds every service; its arguments pick the one process it runs (the launcher's CLI):
#   gateway | identity server | merge-requests worker | projects repository | migrate
# deploy/helm runs one role per workload; `docker run IMAGE identity server` does the same by hand.

FROM node:20-slim AS build
WORKDIR /app
# Whole context in one go: the workspaces' manifests live in every package, and listing them here
# would silently rot. The npm cache mount keeps repeated installs fast anyway.
COPY . .
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-slim
# git: the projects repository role drives the git binary. tini: PID 1 that forwards signals and
# reaps the grandchildren git leaves behind when a client hangs up mid-clone.
RUN apt-get update \
 && apt-get install -y --no-install-recommends git tini ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    REPOSITORY_ROOT=/var/lib/gitlab-suite/repositories
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages ./packages
COPY --from=build /app/services ./services
RUN mkdir -p "$REPOSITORY_ROOT" && chown node:node "$REPOSITORY_ROOT"
# The node image's unprivileged user (uid 1000), which the chart's securityContext expects.
USER node
# gateway HTTP, gRPC of a domain service, metrics of a domain service
EXPOSE 8080 50051 9464
ENTRYPOINT ["tini", "--", "node", "packages/launcher/dist/main.js"]
CMD ["gateway"]
