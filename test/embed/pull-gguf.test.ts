import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openReranker } from "../../src/embed/cross-encoder.js";
import { parseGgufSpec, pullGgufFile } from "../../src/embed/pull-gguf.js";
import { writeTinyGgufReranker } from "../fixtures/tiny-gguf.js";
import { serveModels, type ModelHub } from "../helpers/model-hub.js";
import { CLI, cleanup, tempDir, write } from "../helpers/workspace.js";
import { missing, titled } from "../helpers/needs.js";

const NEEDS_GGUF = missing("gguf");

/** `agent models pull org/repo/file.gguf`: one GGUF file from a stand-in for the Hugging Face hub on 127.0.0.1. */

const SPEC = "test-org/Tiny-Reranker-GGUF/tiny-reranker-q8_0.gguf";
let hubDir = "";
let hub: ModelHub;
beforeAll(async () => {
  hubDir = tempDir("agent-gguf-hub-");
  mkdirSync(path.join(hubDir, "test-org", "Tiny-Reranker-GGUF"), { recursive: true });
  await writeTinyGgufReranker(path.join(hubDir, "test-org", "Tiny-Reranker-GGUF", "tiny-reranker-q8_0.gguf"));
  write(hubDir, "test-org/Broken-GGUF/page.gguf", "<html>Sign in to continue</html>");
  hub = await serveModels(hubDir);
});
afterAll(async () => {
  await hub.close();
  cleanup(hubDir);
});

describe("pulling a GGUF file", { timeout: 60_000 }, () => {
  it("reads org/repo/file.gguf and hf:org/repo/file.gguf, and nothing else", () => {
    expect(parseGgufSpec(SPEC)).toEqual({ org: "test-org", repo: "Tiny-Reranker-GGUF", file: "tiny-reranker-q8_0.gguf" });
    expect(parseGgufSpec(`hf:${SPEC}`)).toEqual(parseGgufSpec(SPEC));
    expect(parseGgufSpec("org/repo/sub/dir/model.GGUF")).toEqual({ org: "org", repo: "repo", file: "sub/dir/model.GGUF" });
    expect(parseGgufSpec("Xenova/bge-small-en-v1.5")).toBeNull();
    expect(parseGgufSpec("org/repo/../../etc/x.gguf")).toBeNull();
  });

  it.skipIf(NEEDS_GGUF !== undefined)(titled("downloads into <models>/<org>/<repo>/<file>, whole, and the file runs", NEEDS_GGUF), async () => {
    const models = tempDir("agent-gguf-pulled-");
    try {
      const seen: number[] = [];
      const res = await pullGgufFile(SPEC, models, { endpoint: hub.url, onProgress: (done) => seen.push(done) });
      const want = path.join(hubDir, "test-org", "Tiny-Reranker-GGUF", "tiny-reranker-q8_0.gguf");
      expect(res.file).toBe(path.join(models, "test-org", "Tiny-Reranker-GGUF", "tiny-reranker-q8_0.gguf"));
      expect(readFileSync(res.file).equals(readFileSync(want))).toBe(true);
      expect(res.bytes).toBe(readFileSync(want).length);
      expect(seen.at(-1)).toBe(res.bytes);
      expect(readdirSync(path.dirname(res.file))).toEqual(["tiny-reranker-q8_0.gguf"]);
      const rr = await openReranker({ modelPath: res.file, threads: 1 });
      try {
        expect(await rr.score("q", ["my mom"])).toHaveLength(1);
      } finally {
        await rr.close();
      }
    } finally {
      cleanup(models);
    }
  });

  it("keeps nothing when the file is missing, is not a GGUF, or the hub cannot be reached", async () => {
    const models = tempDir("agent-gguf-pulled-");
    try {
      await expect(pullGgufFile("test-org/Tiny-Reranker-GGUF/nope.gguf", models, { endpoint: hub.url })).rejects.toThrow(/HTTP 404 \(check the repository and file name\)$/);
      await expect(pullGgufFile("test-org/Broken-GGUF/page.gguf", models, { endpoint: hub.url })).rejects.toThrow(
        /failed: the file is not a GGUF model \(it does not start with GGUF\); nothing was kept$/,
      );
      // A port nobody listens on.
      const closed = http.createServer();
      await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((r) => closed.close(() => r()));
      const err = (await pullGgufFile(SPEC, models, { endpoint: `http://127.0.0.1:${port}` }).then(
        () => new Error("downloaded from a closed port"),
        (e: unknown) => e as Error,
      )) as Error & { code?: string };
      expect(err.code).toBe("unreachable");
      expect(err.message).toContain("ECONNREFUSED");
      expect(err.message).toContain(`On a machine with network run \`agent models pull ${SPEC}\``);
      const left = readdirSync(models, { recursive: true }).map(String).filter((f) => f.endsWith(".gguf") || f.endsWith(".part"));
      expect(left).toEqual([]);
      // An unreachable hub leaves not even a folder.
      expect(existsSync(path.join(models, "test-org", "Tiny-Reranker-GGUF"))).toBe(false);
    } finally {
      cleanup(models);
    }
  });

  it("agent models pull fetches it and says where it goes in the config", async () => {
    const models = tempDir("agent-gguf-pulled-");
    try {
      // Not spawnSync: the hub serving the file runs in this process.
      const r = await promisify(execFile)(process.execPath, [CLI, "models", "pull", SPEC, "--dir", models], { encoding: "utf8", env: { ...process.env, HF_ENDPOINT: hub.url.replace(/\/$/, "") } });
      const file = path.join(models, "test-org", "Tiny-Reranker-GGUF", "tiny-reranker-q8_0.gguf");
      expect(existsSync(file)).toBe(true);
      expect(r.stdout).toMatch(new RegExp(`^pulled ${SPEC} into ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(\\d+\\.\\d MB\\)\\n`));
      expect(r.stdout).toContain(`set "search": {"rerank": {"provider": "cross-encoder", "crossEncoder": {"modelPath": ${JSON.stringify(file)}}}} in agent.config.json`);
    } finally {
      cleanup(models);
    }
  });
});
