# syntax=docker/dockerfile:1
# Build: install, build the client and the server bundle, then drop dev dependencies. The C++
# toolchain builds a native module that has no prebuilt binary for the platform (better-sqlite3,
# sharp and argon2 ship them for x64 and arm64).
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
	&& apt-get install -y --no-install-recommends python3 make g++ \
	&& rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server && npm prune --omit=dev

# Run: the bundle in plain Node with production dependencies only; nothing is built at
# start and no sources are shipped. Non-root, data on a volume.
FROM node:24-bookworm-slim
RUN apt-get update \
	&& apt-get install -y --no-install-recommends tini \
	&& rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
	HOST=0.0.0.0 \
	PORT=3000 \
	DATA_DIR=/app/data
WORKDIR /app
# package.json marks the app's root (migrations and client/dist are found from it).
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/server/dist ./server/dist
COPY --from=build --chown=node:node /app/migrations ./migrations
COPY --from=build --chown=node:node /app/migrations-pg ./migrations-pg
COPY --from=build --chown=node:node /app/client/dist ./client/dist
RUN mkdir -p /app/data && chown node:node /app/data && chmod 700 /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
	CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/utils/health-check/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# tini reaps zombies and, with -g, passes SIGTERM to the whole process group: the server
# then finishes in-flight requests and closes the database.
ENTRYPOINT ["/usr/bin/tini", "-g", "--"]
CMD ["node", "--enable-source-maps", "server/dist/main.mjs"]
