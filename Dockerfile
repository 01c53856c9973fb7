# syntax=docker/dockerfile:1
# VaxCal's image (decision 019): built with every dependency, run with production ones only
# (decision 018). One image serves both roles: `npm start` (API) and `npm run worker` (jobs).

# --- build: the web app, with the development toolchain ---
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/schedule/package.json packages/schedule/
COPY packages/reference-data/package.json packages/reference-data/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies, the server's sources and the built web app ---
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    MIGRATE_ON_START=false \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/schedule/package.json packages/schedule/
COPY --from=build /app/packages/reference-data/package.json packages/reference-data/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/scripts/build-if-stale.ts scripts/
COPY --from=build /app/packages/contracts/src packages/contracts/src
COPY --from=build /app/packages/schedule/src packages/schedule/src
COPY --from=build /app/packages/reference-data/src packages/reference-data/src
COPY --from=build /app/apps/server/src apps/server/src
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness on the API's port; the worker's service overrides it with its WORKER_PORT.
HEALTHCHECK --interval=30s --timeout=5s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["npm", "start"]
