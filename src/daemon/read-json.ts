import type http from "node:http";

/**
 * A request body read as JSON: `undefined` when it is not JSON or is larger than `maxBytes`
 * (the request is then cut off instead of buffered whole). An empty body reads as `empty`.
 */
export function readJson(req: http.IncomingMessage, maxBytes: number, empty?: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        req.destroy();
        resolve(undefined);
        return;
      }
      parts.push(c);
    });
    req.on("end", () => {
      const text = Buffer.concat(parts).toString("utf8");
      if (text === "" && empty !== undefined) return resolve(empty);
      try {
        resolve(JSON.parse(text));
      } catch {
        resolve(undefined);
      }
    });
    req.on("error", reject);
  });
}
