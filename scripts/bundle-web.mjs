// Part of `npm run build` (called by bundle-cli.mjs): the daemon's web page, bundled and minified
// into dist/web/ (app.js, app.css, index.html, favicon.svg). Everything the page runs is in
// app.js: no CDN, no web fonts, nothing fetched from anywhere but the daemon itself.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
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
    splitting: true,
    chunkNames: "chunk-[hash]",
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
  // All the JavaScript the page can ever load: app.js and the chunks it imports on demand.
  const files = readdirSync(outdir).filter((f) => f.endsWith(".js"));
  const size = (f) => readFileSync(path.join(outdir, f));
  const bytes = files.reduce((n, f) => n + size(f).length, 0);
  const gz = files.reduce((n, f) => n + gzipSync(size(f), { level: 9 }).length, 0);
  const first = gzipSync(size("app.js"), { level: 9 }).length;
  if (gz > MAX_GZIP_BYTES) throw new Error(`the page's JavaScript is ${gz} bytes gzipped, over the ${MAX_GZIP_BYTES}-byte budget`);
  if (!quiet) console.log(`web page: ${files.length} JS file(s), ${(bytes / 1024).toFixed(1)} KB, ${(gz / 1024).toFixed(1)} KB gzipped in all (app.js ${(first / 1024).toFixed(1)} KB gzipped)`);
  return { bytes, gzipBytes: gz, firstGzipBytes: first };
}

if (import.meta.url === `file://${process.argv[1]}`) await bundleWeb();
