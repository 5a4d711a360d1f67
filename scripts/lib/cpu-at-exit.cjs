// Preloaded (`node --require`) into both processes of a pair by bench-search-embedding.mjs
// --cpu: the process's own CPU (user + system, all its threads, from its start) written to
// stderr as it exits, a last line "cpu-ms N". A child's CPU is not otherwise readable from
// Node at better than /usr/bin/time's 10 ms. It costs both processes the same small load.
"use strict";
process.on("exit", () => {
  const u = process.cpuUsage();
  require("node:fs").writeSync(2, `\ncpu-ms ${(u.user + u.system) / 1000}\n`);
});
