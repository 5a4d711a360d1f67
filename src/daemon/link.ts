/**
 * What the daemon's client needs of a connection to its socket: a `net.Socket` (client.ts) or a
 * raw pipe without `net`'s streams (raw-pipe.ts), the same line protocol over either.
 */
export interface DaemonLink {
  /** Sends text as it is (a request line). */
  write(text: string): void;
  onData(fn: (chunk: Buffer) => void): void;
  /** The other side closed (or the connection broke) before this side closed it. */
  onClose(fn: () => void): void;
  /** Closes the connection (a call cancelled in the daemon when it was still running). */
  close(): void;
  /** The answer is in and the process is about to end: the cheapest way to be done with it. */
  leave(): void;
}
