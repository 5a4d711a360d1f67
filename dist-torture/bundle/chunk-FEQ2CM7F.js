import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);

// dist/workspace/safe-write.js
import { closeSync, existsSync, fstatSync, mkdirSync, fsyncSync, linkSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";
import { createHash, randomBytes } from "node:crypto";
function atomicWrite(file, content) {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  const fd = openSync(tmp, "w");
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(tmp, file);
  } catch (e) {
    if (existsSync(tmp))
      unlinkSync(tmp);
    throw e;
  }
}
function createExclusive(file, content) {
  let fd;
  try {
    fd = openSync(file, "wx");
  } catch (e) {
    if (e.code === "EEXIST")
      return false;
    throw e;
  }
  try {
    writeSync(fd, typeof content === "string" ? Buffer.from(content, "utf8") : content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}
var AppendVerificationError = class extends Error {
  constructor(file) {
    super(`${file}: its existing content changed while appending; the append was kept but nothing else was written \u2014 check the file`);
    this.name = "AppendVerificationError";
  }
};
function appendVerified(file, text) {
  let before = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
  for (let attempt = 0; ; attempt++) {
    const fd = openSync(file, "a");
    let ino;
    try {
      writeSync(fd, text);
      fsyncSync(fd);
      ino = fstatSync(fd).ino;
    } finally {
      closeSync(fd);
    }
    let now;
    try {
      now = statSync(file).ino;
    } catch {
      now = void 0;
    }
    if (now === ino || attempt >= 3)
      break;
    before = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
    if (before.includes(Buffer.from(text, "utf8")))
      return;
  }
  const after = readFileSync(file);
  if (after.length < before.length || !after.subarray(0, before.length).equals(before)) {
    throw new AppendVerificationError(file);
  }
}
function swapFile(file, expected, content, opts = {}) {
  const earlier = settleSwaps(file, opts);
  const res = swapNow(file, expected, content, { ...opts, workDir: workDirFor(file, opts.workDir) });
  return earlier.length > 0 ? { ...res, keptEarlier: earlier } : res;
}
function swapNow(file, expected, content, opts) {
  const data = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  const dir = path.dirname(file);
  const tmp = tempName(file, "new", opts.workDir);
  writeSynced(tmp, data);
  try {
    if (expected === null) {
      if (!tryLink(tmp, file))
        return { ok: false, reason: `${path.basename(file)} was created meanwhile` };
      fsyncDir(dir);
      return { ok: true };
    }
    if (expected.length === 0 && !opts.allowEmpty) {
      return { ok: false, reason: `${path.basename(file)} was empty, as during an editor's save` };
    }
    const aside = tempName(file, "old", opts.workDir);
    try {
      renameSync(file, aside);
    } catch (e) {
      if (e.code === "ENOENT")
        return { ok: false, reason: `${path.basename(file)} was deleted meanwhile` };
      throw e;
    }
    const old = readFileSync(aside);
    if (!old.equals(expected)) {
      if (tryLink(aside, file)) {
        unlinkSync(aside);
        return { ok: false, reason: `${path.basename(file)} was edited meanwhile` };
      }
      return { ok: false, reason: `${path.basename(file)} was edited meanwhile, twice`, kept: keepBeside(aside, file, opts) };
    }
    if (!tryLink(tmp, file)) {
      if (opts.oldIsSaved) {
        park(aside, file, expected, opts.workDir);
        return { ok: false, reason: `${path.basename(file)} was replaced meanwhile` };
      }
      return { ok: false, reason: `${path.basename(file)} was replaced meanwhile`, kept: keepBeside(aside, file, opts) };
    }
    fsyncDir(dir);
    if ((opts.settleMs ?? 10) > 0)
      sleepSync(opts.settleMs ?? 10);
    const late = readFileSync(aside);
    if (!late.equals(expected)) {
      let cur;
      try {
        cur = readFileSync(file);
      } catch {
        cur = void 0;
      }
      if (cur !== void 0 && cur.equals(data)) {
        renameSync(aside, file);
        fsyncDir(dir);
        return { ok: false, reason: `${path.basename(file)} was written to during the swap` };
      }
      return { ok: false, reason: `${path.basename(file)} was written to during the swap`, kept: keepBeside(aside, file, opts) };
    }
    park(aside, file, expected, opts.workDir);
    return { ok: true };
  } finally {
    if (existsSync(tmp))
      unlinkSync(tmp);
  }
}
function park(aside, file, expected, workDir) {
  renameSync(aside, path.join(workDir ?? path.dirname(file), `${parkPrefix(file)}${shortHash(expected)}.${process.pid}.${randomBytes(4).toString("hex")}`));
}
function workDirFor(file, workDir) {
  if (workDir === void 0)
    return void 0;
  try {
    mkdirSync(workDir, { recursive: true });
    return statSync(workDir).dev === statSync(path.dirname(file)).dev ? workDir : void 0;
  } catch {
    return void 0;
  }
}
function parkPrefix(file) {
  return `.${path.basename(file)}.prev-`;
}
function shortHash(b) {
  return createHash("sha256").update(b).digest("hex").slice(0, 16);
}
function settleSwaps(file, opts = {}) {
  const kept = [];
  for (const dir of opts.workDir !== void 0 ? [path.dirname(file), opts.workDir] : [path.dirname(file)])
    kept.push(...settleIn(dir, file, opts));
  return kept;
}
function settleIn(dir, file, opts) {
  const prefix = parkPrefix(file);
  const kept = [];
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return kept;
  }
  for (const name of names) {
    if (!name.startsWith(prefix))
      continue;
    const abs = path.join(dir, name);
    let bytes;
    try {
      bytes = readFileSync(abs);
    } catch {
      continue;
    }
    if (shortHash(bytes) === name.slice(prefix.length).split(".")[0])
      unlinkSync(abs);
    else
      kept.push(keepBeside(abs, file, opts));
  }
  return kept;
}
function recoverInterruptedSwaps(file, workDir, isAlive) {
  const done = [];
  const base = path.basename(file);
  for (const dir of [path.dirname(file), workDir]) {
    let names;
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const m = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.(new|old)\\.(\\d+)\\.[0-9a-f]+\\.tmp$`).exec(name);
      if (!m || isAlive(Number(m[2])))
        continue;
      const abs = path.join(dir, name);
      if (m[1] === "new") {
        unlinkSync(abs);
        done.push(`removed ${name} left by an interrupted swap of ${base}`);
      } else if (!existsSync(file) && tryLink(abs, file)) {
        unlinkSync(abs);
        done.push(`${base} was missing after an interrupted swap: put back from ${name}`);
      } else {
        park(abs, file, readFileSync(abs), workDirFor(file, workDir));
        done.push(`parked ${name} left by an interrupted swap of ${base}`);
      }
    }
  }
  return done;
}
function tempName(file, what, workDir) {
  return path.join(workDir ?? path.dirname(file), `.${path.basename(file)}.${what}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
}
function writeSynced(file, data) {
  const fd = openSync(file, "wx");
  try {
    writeSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
function tryLink(from, to) {
  try {
    linkSync(from, to);
    return true;
  } catch (e) {
    if (e.code === "EEXIST")
      return false;
    throw e;
  }
}
function keepBeside(aside, file, opts) {
  const stamp = new Date((opts.now ?? Date.now)()).toISOString().replace(/[-:]/g, "").replace(/\..*$/, "");
  let kept = `${file}.kept-${stamp}`;
  for (let i = 2; existsSync(kept); i++)
    kept = `${file}.kept-${stamp}-${i}`;
  renameSync(aside, kept);
  return kept;
}
function fsyncDir(dir) {
  let fd;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch {
  } finally {
    if (fd !== void 0)
      closeSync(fd);
  }
}
function sleepSync(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export {
  atomicWrite,
  createExclusive,
  AppendVerificationError,
  appendVerified,
  swapFile,
  recoverInterruptedSwaps
};
//# sourceMappingURL=chunk-FEQ2CM7F.js.map
