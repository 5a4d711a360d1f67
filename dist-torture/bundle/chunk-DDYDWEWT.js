import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);

// dist/shared/process.js
function isProcessAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0)
    return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}

export {
  isProcessAlive
};
//# sourceMappingURL=chunk-DDYDWEWT.js.map
