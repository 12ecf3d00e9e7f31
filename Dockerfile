# One multi-stage build for every process of the marketplace (docker-compose.yml, k8s/):
#   --target service --build-arg SERVICE=services/identity   (or gateway, services/notifications …)
#   --target web                                              (the web app behind nginx)
# Images run as non-root users.
FROM node:20-bookworm-slim AS deps
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
RUN npm install --no-audit --no-fund

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
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY packages packages
COPY services services
COPY gateway gateway
ARG SERVICE
ENV SERVICE_DIR=${SERVICE}
RUN mkdir -p /images && chown node /images
USER node
CMD ["sh", "-c", "exec node --import tsx \"$SERVICE_DIR/src/main.ts\""]
