# One multi-stage build for every process of the marketplace (docker-compose.yml, k8s/):
#   --target service --build-arg SERVICE=services/identity   (or gateway, services/notifications …)
#   --target web                                              (the web app behind nginx)
# Images run as non-root users; service images hold production dependencies only.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/platform/package.json packages/platform/
COPY services/identity/package.json services/identity/
COPY services/catalogue/package.json services/catalogue/
COPY services/cart/package.json services/cart/
COPY services/ordering/package.json services/ordering/
COPY services/reviews/package.json services/reviews/
COPY services/reporting/package.json services/reporting/
COPY services/notifications/package.json services/notifications/
COPY gateway/package.json gateway/
COPY frontend/package.json frontend/

# Everything, dev tools included: only the web build uses it.
FROM manifests AS deps
RUN npm install --no-audit --no-fund

# What the processes need at run time, without the web app's or the tests' packages. tsx is a
# production dependency of @market/platform: it loads the TypeScript sources.
FROM manifests AS prod-deps
RUN npm install --omit=dev --no-audit --no-fund \
      -w packages/contracts -w packages/platform \
      -w services/identity -w services/catalogue -w services/cart -w services/ordering \
      -w services/reviews -w services/reporting -w services/notifications \
      -w gateway \
  && npm cache clean --force

FROM deps AS web-build
COPY . .
ARG VITE_API_URL=http://localhost:8070
ENV VITE_API_URL=${VITE_API_URL}
RUN npm run build -w frontend

FROM nginxinc/nginx-unprivileged:1.27-alpine AS web
COPY infra/docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=web-build /app/frontend/dist /usr/share/nginx/html
EXPOSE 8080

FROM node:20-bookworm-slim AS service
WORKDIR /app
ENV NODE_ENV=production
# All of /app, not only /app/node_modules: npm nests a workspace's own version of a package
# (express 5 under services/*/node_modules while swagger-ui-express hoists express 4) there.
COPY --from=prod-deps /app ./
COPY packages packages
COPY services services
COPY gateway gateway
ARG SERVICE
ENV SERVICE_DIR=${SERVICE}
RUN mkdir -p /images && chown node /images
USER node
CMD ["sh", "-c", "exec node --import tsx \"$SERVICE_DIR/src/main.ts\""]
