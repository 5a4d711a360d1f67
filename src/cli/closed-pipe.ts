/** Reading into a closed pipe (`agent search x | head -1`, a harness that stopped listening) is not an error: stop quietly. */
export function quietOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EPIPE") process.exit(0);
      throw e;
    });
  }
}
