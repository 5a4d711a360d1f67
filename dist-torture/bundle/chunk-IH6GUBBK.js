import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  agentDir,
  configPath
} from "./chunk-U66UVQVN.js";

// dist/engine/config-cache.js
import { createHash } from "node:crypto";
import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
var BUILD_ID = true ? "939bff0138f6234d" : null;
var CACHE_FILE = "config.validated.json";
function currentText(workspace) {
  try {
    return readFileSync(configPath(workspace), "utf8");
  } catch {
    return null;
  }
}
function keyOf(file, text, buildId) {
  return createHash("sha256").update(`${buildId}\0${file}\0`).update(text === null ? "\0absent" : `${text}`).digest("hex");
}
function readConfigCache(workspace, buildId = BUILD_ID) {
  if (buildId === null)
    return null;
  try {
    const cached = JSON.parse(readFileSync(path.join(agentDir(workspace), CACHE_FILE), "utf8"));
    if (cached.key !== keyOf(configPath(workspace), currentText(workspace), buildId))
      return null;
    return typeof cached.config === "object" && cached.config !== null ? cached.config : null;
  } catch {
    return null;
  }
}
function writeConfigCache(workspace, text, config, buildId = BUILD_ID) {
  if (buildId === null)
    return;
  const dest = path.join(agentDir(workspace), CACHE_FILE);
  const tmp = `${dest}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, JSON.stringify({ key: keyOf(configPath(workspace), text, buildId), config }), { mode: 384, flag: "wx" });
    chmodSync(tmp, 384);
    renameSync(tmp, dest);
  } catch {
    rmSync(tmp, { force: true });
  }
}
var validator = null;
function provideConfigValidator(fn) {
  validator = fn;
}
function configFor(workspace) {
  const hit = readConfigCache(workspace);
  if (hit)
    return hit;
  if (!validator)
    throw new Error("the config validator is not loaded: open the engine with `await Engine.load(...)`, or import it from the package's entry point");
  return validator(workspace);
}

export {
  readConfigCache,
  writeConfigCache,
  provideConfigValidator,
  configFor
};
//# sourceMappingURL=chunk-IH6GUBBK.js.map
