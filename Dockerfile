# One image for every Cinefold service; the command picks the role (see docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY command-api/package.json command-api/
COPY query-api/package.json query-api/
COPY projectors/package.json projectors/
COPY workers/package.json workers/
COPY gateway/package.json gateway/
COPY frontend/package.json frontend/
COPY bench/package.json bench/
RUN npm ci
COPY . .
RUN npm run build:frontend && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
USER node
EXPOSE 8080
ENTRYPOINT ["node_modules/.bin/tsx", "gateway/src/cli.ts"]
CMD ["start"]
