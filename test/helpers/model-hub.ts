import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export interface ModelHub {
  /** Base address, ending in "/", for transformers.js's env.remoteHost. */
  url: string;
  /** Every path asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A stand-in for the Hugging Face hub on 127.0.0.1: serves `<dir>/<org>/<name>/<file>` at
 * `/<org>/<name>/resolve/main/<file>` (what transformers.js fetches), 404 otherwise.
 * `only` limits it to one model id.
 */
export async function serveModels(dir: string, only?: string): Promise<ModelHub> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    const m = /^\/([^/]+)\/([^/]+)\/resolve\/main\/(.+)$/.exec(req.url ?? "");
    const file = m ? path.join(dir, m[1]!, m[2]!, ...m[3]!.split("/")) : "";
    if (m && (only === undefined || `${m[1]}/${m[2]}` === only) && existsSync(file)) {
      const body = readFileSync(file);
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": body.length });
      res.end(body);
    } else {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "Entry not found" }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
