# One image for both production processes: `npm run api` and `npm run worker`.
FROM node:22-bookworm-slim
# Chromium always runs with its sandbox (docs/security.md): as the image's user `node` it needs
# unprivileged user namespaces, which Docker's default seccomp profile refuses, so run the worker
# with a profile that allows them (see docs/security.md). A container run as root starts Chromium
# as the system user crawl-chromium, made here so a read-only root filesystem needs no useradd.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin crawl-chromium
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-fund --no-audit
COPY . .
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
USER node
EXPOSE 3000
CMD ["npm", "run", "api"]
