# One image for every Cinefold service; the command picks the role (see docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY read-models/package.json read-models/
COPY command-api/package.json command-api/
COPY query-api/package.json query-api/
COPY projectors/package.json projectors/
COPY workers/package.json workers/
COPY gateway/package.json gateway/
COPY frontend/package.json frontend/
COPY bench/package.json bench/
RUN npm ci
COPY . .
# The server runs as compiled JavaScript (each package's dist/, read through the `compiled`
# export condition), not TypeScript compiled by tsx at every start.
RUN npm run build:frontend && npm run build:server && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
USER node
EXPOSE 8080
ENTRYPOINT ["node", "--conditions=compiled", "gateway/dist/cli.js"]
CMD ["start"]
