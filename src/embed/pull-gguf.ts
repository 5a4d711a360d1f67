import { createWriteStream, existsSync, mkdirSync, openSync, readSync, closeSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { messageOf } from "../shared/errors.js";
import { EmbedError } from "./types.js";

/**
 * Downloads one GGUF file from Hugging Face (`org/repo/file.gguf`, or qmd's and
 * node-llama-cpp's `hf:org/repo/file.gguf`) into the models folder, as
 * `<modelsDir>/<org>/<repo>/<file>`: the one-command way to get a reranker or embedder GGUF
 * on a machine with a network. The file is written beside its final name and renamed when
 * whole and checked, so an interrupted download never leaves a file that looks usable.
 */

export interface GgufPullOptions {
  /** Hub address; default $HF_ENDPOINT, else https://huggingface.co. */
  endpoint?: string;
  /** Bytes received so far, and the total when the server says it. */
  onProgress?: (done: number, total: number | null) => void;
  signal?: AbortSignal;
}

export interface GgufSpec {
  org: string;
  repo: string;
  /** Path inside the repository (may hold folders). */
  file: string;
}

/** `org/repo/file.gguf` or `hf:org/repo/file.gguf` → its parts; null for anything else (a transformers.js model id). */
export function parseGgufSpec(spec: string): GgufSpec | null {
  const m = /^(?:hf:)?([\w.-]+)\/([\w.-]+)\/(.+\.gguf)$/i.exec(spec.trim());
  if (!m || m[3]!.split("/").some((p) => p === "" || p === "." || p === "..")) return null;
  return { org: m[1]!, repo: m[2]!, file: m[3]! };
}

export async function pullGgufFile(spec: string, modelsDir: string, opts: GgufPullOptions = {}): Promise<{ file: string; bytes: number }> {
  const s = parseGgufSpec(spec);
  if (!s) throw new EmbedError("bad-config", `"${spec}" is not a GGUF file on Hugging Face: write it as org/repo/file.gguf`);
  const endpoint = (opts.endpoint ?? process.env.HF_ENDPOINT ?? "https://huggingface.co").replace(/\/+$/, "");
  const url = `${endpoint}/${s.org}/${s.repo}/resolve/main/${s.file.split("/").map(encodeURIComponent).join("/")}`;
  const dest = path.join(path.resolve(modelsDir), s.org, s.repo, ...s.file.split("/"));
  const part = `${dest}.part`;

  let res: Response;
  try {
    res = await fetch(url, { ...(opts.signal ? { signal: opts.signal } : {}), redirect: "follow" });
  } catch (err) {
    throw new EmbedError("unreachable", `could not download ${url}: ${messageOf(err)} (no network access?). On a machine with network run \`agent models pull ${spec}\`, then copy ${dest} to the same place here`, { cause: err });
  }
  if (!res.ok || !res.body) {
    throw new EmbedError("model-missing", `could not download ${url}: HTTP ${res.status}${res.status === 404 ? " (check the repository and file name)" : ""}`);
  }
  // Folders only once there is something to put in them.
  mkdirSync(path.dirname(dest), { recursive: true });
  const total = Number(res.headers.get("content-length")) || null;
  let done = 0;
  const body = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream<Uint8Array>);
  body.on("data", (chunk: Buffer) => {
    done += chunk.length;
    opts.onProgress?.(done, total);
  });
  try {
    await pipeline(body, createWriteStream(part), ...(opts.signal ? [{ signal: opts.signal }] : []));
    if (total !== null && done !== total) throw new Error(`received ${done} of ${total} bytes`);
    if (!startsWithGgufMagic(part)) throw new Error("the file is not a GGUF model (it does not start with GGUF)");
    renameSync(part, dest);
  } catch (err) {
    rmSync(part, { force: true });
    throw new EmbedError(opts.signal?.aborted ? "unreachable" : "provider-error", `download of ${url} failed: ${messageOf(err)}; nothing was kept`, { cause: err });
  }
  return { file: dest, bytes: done };
}

function startsWithGgufMagic(file: string): boolean {
  if (!existsSync(file)) return false;
  const fd = openSync(file, "r");
  try {
    const b = Buffer.alloc(4);
    return readSync(fd, b, 0, 4, 0) === 4 && b.toString("latin1") === "GGUF";
  } finally {
    closeSync(fd);
  }
}
