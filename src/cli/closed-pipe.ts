import { writeSync } from "node:fs";

const guarded = new Set<"stdout" | "stderr">();

/** Reading into a closed pipe (`agent search x | head -1`, a harness that stopped listening) is not an error: stop quietly. */
export function quietOnClosedPipe(streams: ReadonlyArray<"stdout" | "stderr"> = ["stdout", "stderr"]): void {
  for (const name of streams) {
    if (guarded.has(name)) continue;
    guarded.add(name);
    process[name].on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EPIPE") process.exit(0);
      throw e;
    });
  }
}

/**
 * Writes `text` to stdout in one go without making `process.stdout`: building that stream (a
 * socket for a pipe, a TTY stream for a terminal) and writing through it cost 2–4 ms of CPU a
 * process against `fs.writeSync` (measured; docs/performance.md), in a command whose whole
 * own work is ~15 ms. A closed pipe
 * ends the process quietly, as `quietOnClosedPipe` does; a pipe that is full and non-blocking
 * (EAGAIN) or any other refusal hands the rest to the stream, which waits or says the error.
 */
export function writeStdout(text: string): void {
  const bytes = Buffer.from(text, "utf8");
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(1, bytes, done, bytes.length - done);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EPIPE") process.exit(0);
    quietOnClosedPipe();
    process.stdout.write(bytes.subarray(done));
  }
}
