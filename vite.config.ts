/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { remixPWA } from "@remix-pwa/dev";
import tailwindcss from "@tailwindcss/vite";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

/**
 * The spreadsheet parser's worker thread (app/services/import-parse.server.ts) is its own entry of
 * the server build, emitted beside the server bundle as import-parse.worker.js.
 */
function importParseWorker(): Plugin {
  let serverBuild = false;
  return {
    name: "import-parse-worker",
    apply: "build",
    configResolved(config) {
      serverBuild = Boolean(config.build.ssr);
    },
    buildStart() {
      if (!serverBuild) return;
      this.emitFile({
        type: "chunk",
        id: fileURLToPath(new URL("./app/services/import-parse.worker.ts", import.meta.url)),
        fileName: "import-parse.worker.js",
      });
    },
  };
}
// BUILD_DIR lets several checkouts or test runs build side by side.
const buildDirectory = process.env.BUILD_DIR || "build";

export default defineConfig({
  resolve: { alias },
  plugins: [
    tailwindcss(),
    // The Remix plugin must not run under Vitest.
    !process.env.VITEST &&
      remix({
        ignoredRouteFiles: ["**/*.test.ts", "**/*.test.tsx"],
        buildDirectory,
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
        },
      }),
    !process.env.VITEST && importParseWorker(),
    // The service worker (app/entry.worker.ts), in builds only: the dev server would write it into
    // public/. It goes beside the client files it precaches; no route has worker loaders, so it
    // bundles none of the route modules. The page registers it (app/components/pwa/pwa-head-script.tsx).
    !process.env.VITEST &&
      remixPWA({
        workerBuildDirectory: `${buildDirectory}/client`,
        ignoredSWRouteFiles: ["*"],
        workerMinify: true,
        registerSW: null,
      }).map((plugin) => ({ ...plugin, apply: "build" as const })),
  ],
  test: {
    // Every core: Vitest's default (cores - 1) leaves one of CI's two idle while files wait on SQLite
    // and PostgreSQL. Integration files each have their own database, so they run side by side.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias },
        // Pure rules share a worker's modules from file to file (a fifth of the time: importing is most of
        // it); a server module's test, which may replace a module (vi.mock), gets its own (unit-server).
        test: {
          name: "unit",
          include: ["app/**/*.test.ts"],
          exclude: ["app/**/*.server.test.ts"],
          environment: "node",
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { name: "unit-server", include: ["app/**/*.server.test.ts"], environment: "node" },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Worker threads, not processes: a file starts in a reused thread (a fifth less time than forks,
          // on SQLite; each file still gets its own modules and database).
          pool: "threads",
          globalSetup: ["tests/support/integration-global-setup.ts"],
          setupFiles: ["tests/support/integration-setup.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        // Started by npm run test:pg against the built server; shares the database in DATABASE_URL,
        // so its files run one at a time.
        test: {
          name: "multi-instance",
          fileParallelism: false,
          include: ["tests/multi-instance/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
