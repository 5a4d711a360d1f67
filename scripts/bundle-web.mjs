// Part of `npm run build` (called by bundle-cli.mjs): the daemon's web page, bundled and minified
// into dist/web/ (app.js, app.css, index.html, favicon.svg). Everything the page runs is in
// app.js: no CDN, no web fonts, nothing fetched from anywhere but the daemon itself.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Shipped JavaScript budget, gzipped: a build over it fails. */
const MAX_GZIP_BYTES = 150 * 1024;

export async function bundleWeb({ outdir = "dist/web", quiet = false } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints: { app: "web/src/main.tsx" },
    outdir,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["es2022"],
    minify: true,
    jsx: "automatic",
    jsxImportSource: "preact",
    legalComments: "none",
    logLevel: "warning",
    define: { "process.env.NODE_ENV": '"production"' },
  });
  for (const f of ["index.html", "app.css", "favicon.svg"]) copyFileSync(path.join("web", f), path.join(outdir, f));
  const js = readFileSync(path.join(outdir, "app.js"));
  const gz = gzipSync(js, { level: 9 }).length;
  if (gz > MAX_GZIP_BYTES) throw new Error(`dist/web/app.js is ${gz} bytes gzipped, over the ${MAX_GZIP_BYTES}-byte budget`);
  if (!quiet) console.log(`web page: dist/web/app.js ${(js.length / 1024).toFixed(1)} KB, ${(gz / 1024).toFixed(1)} KB gzipped`);
  return { bytes: js.length, gzipBytes: gz };
}

if (import.meta.url === `file://${process.argv[1]}`) await bundleWeb();
