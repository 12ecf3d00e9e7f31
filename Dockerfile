# One multi-stage build for every process of the marketplace (docker-compose.yml, k8s/):
#   --target service --build-arg SERVICE=services/identity   (or gateway, services/notifications …)
#   --target web                                              (the web app's Node server)
# Installs come from package-lock.json with `npm ci` only, so the same lock gives the same image.
# Images run as non-root users; service images hold production dependencies and the compiled
# bundles (scripts/build-services.ts), no TypeScript sources and no tsx.
ARG NODE_IMAGE=node:26.10.0-trixie-slim
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/platform/package.json packages/platform/
COPY packages/testing/package.json packages/testing/
COPY services/identity/package.json services/identity/
COPY services/catalogue/package.json services/catalogue/
COPY services/cart/package.json services/cart/
COPY services/ordering/package.json services/ordering/
COPY services/reviews/package.json services/reviews/
COPY services/reporting/package.json services/reporting/
COPY services/notifications/package.json services/notifications/
COPY gateway/package.json gateway/
COPY frontend/package.json frontend/

# Everything, dev tools included, for the builds. Install scripts are skipped: the image's own
# Node runs the builds (the `node` dev dependency pins Node only on machines whose system Node is
# older, and fetches it in an install script), and esbuild and rollup ship their binaries as
# optional packages.
FROM manifests AS deps
RUN npm ci --ignore-scripts --no-audit --no-fund

# What the processes need at run time: the backend workspaces' production dependencies only.
FROM manifests AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund \
      -w packages/contracts -w packages/platform \
      -w services/identity -w services/catalogue -w services/cart -w services/ordering \
      -w services/reviews -w services/reporting -w services/notifications \
      -w gateway \
  && npm cache clean --force

# Compiles every backend main to <workspace>/dist/main.js (+ source map), then gathers the
# bundles under /out with their paths, so the service stage copies nothing else.
FROM deps AS build
COPY . .
RUN npm run build:services \
  && mkdir /out \
  && for d in services/*/dist gateway/dist; do mkdir -p "/out/$d" && cp -r "$d/." "/out/$d"; done

FROM deps AS web-build
COPY . .
ARG VITE_API_URL=http://localhost:8070
ENV VITE_API_URL=${VITE_API_URL} NODE_ENV=production
RUN npm run build -w frontend

# The web app's server (issue 32 item 2: the public pages are rendered on the server, which nginx
# alone cannot do): the build holds it bundled with its dependencies (dist/.ssr/server.mjs), so the
# image is Node and the build's files, no node_modules. Stateless, any number of replicas.
FROM ${NODE_IMAGE} AS web
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 WEB_DIST=/app/dist
COPY --from=web-build /app/frontend/dist ./dist
USER node
EXPOSE 8080
CMD ["node", "--enable-source-maps", "/app/dist/.ssr/server.mjs"]

FROM ${NODE_IMAGE} AS service
WORKDIR /app
# A container's loopback is its own: listen on every interface of the container (processes bind
# 127.0.0.1 by default, issue 27 item 2); NetworkPolicies and the compose network keep them private.
ENV NODE_ENV=production HOST=0.0.0.0
# All of /app, not only /app/node_modules: npm nests a workspace's own version of a package
# (express 5 under services/*/node_modules while swagger-ui-express hoists express 4) there.
COPY --from=prod-deps /app ./
COPY --from=build /out ./
ARG SERVICE
ENV SERVICE_DIR=${SERVICE}
RUN mkdir -p /images && chown node /images
USER node
CMD ["sh", "-c", "exec node --enable-source-maps \"$SERVICE_DIR/dist/main.js\""]
