/**
 * A real small disk for disk-full tests: a tmpfs mounted in a temp folder (root only), filled
 * with a filler file so that exactly so much space is left. No mock: the kernel's own short
 * writes and ENOSPC.
 */
import { execFileSync } from "node:child_process";
import { closeSync, ftruncateSync, fstatSync, openSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { tempDir } from "./workspace.js";

export interface Tmpfs {
  dir: string;
  /** Leaves `bytes` free (rounded by the file system to its pages). */
  leave(bytes: number): void;
  /** Removes the filler. */
  free(): void;
  unmount(): void;
}

/** Why a tmpfs cannot be mounted here, or undefined (probed once). */
let probed: string | undefined | null = null;
export function tmpfsMissing(): string | undefined {
  if (probed !== null) return probed;
  try {
    const t = mountTmpfs(64 * 1024);
    t.unmount();
    probed = undefined;
  } catch (e) {
    probed = `a real full disk needs a tmpfs mount, not permitted here (run as root): ${(e as Error).message.split("\n")[0]}`;
  }
  return probed;
}

export function mountTmpfs(sizeBytes: number): Tmpfs {
  const dir = tempDir("agent-tmpfs-");
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeBytes}`, "tmpfs", dir], { stdio: "pipe" });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const filler = path.join(dir, ".filler");
  return {
    dir,
    leave(bytes: number) {
      const fd = openSync(filler, "a");
      try {
        const block = Buffer.alloc(64 * 1024, 0x78);
        for (;;) {
          try {
            if (writeSync(fd, block) < block.length) break;
          } catch {
            break;
          }
        }
        const size = fstatSync(fd).size;
        ftruncateSync(fd, Math.max(0, size - bytes));
      } finally {
        closeSync(fd);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      execFileSync("umount", [dir], { stdio: "pipe" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
