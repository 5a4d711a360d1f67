import net from "node:net";
import { describe, expect, it } from "vitest";
import { McpHttpServer, portTaken } from "../../src/daemon/http.js";

describe("a daemon whose HTTP port is taken", () => {
  it("says which port, and the flag and the config key that pick another, instead of EADDRINUSE", async () => {
    // Another process (here a plain server) holds the port, as a daemon of another workspace would.
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const port = (other.address() as net.AddressInfo).port;
    try {
      const started = McpHttpServer.listen({
        port,
        token: "t".repeat(32),
        allowedHosts: [],
        // Never called: the listen fails before any request.
        createServer: () => {
          throw new Error("no request expected");
        },
        warn: () => undefined,
      });
      await expect(started).rejects.toThrow(portTaken(port));
      expect(portTaken(port)).toContain("--port");
      expect(portTaken(port)).toContain("daemon.http.port");
      expect(portTaken(port)).not.toContain("EADDRINUSE");
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});
