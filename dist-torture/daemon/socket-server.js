/**
 * The daemon's Unix socket: newline-delimited JSON-RPC for the CLI, and MCP connections for
 * `agent mcp`. Only the owner can connect: the socket is mode 0600 inside .agent/ (0700), and
 * a stale socket left by a killed daemon is replaced (the caller holds the daemon lock).
 */
import { chmodSync, lstatSync, unlinkSync } from "node:fs";
import net from "node:net";
import { errorInfo } from "../engine/errors.js";
import { LineTransport } from "./line-transport.js";
import { daemonErrorCode } from "./methods.js";
import { idOfHead, LineSplitter, MAX_LINE_BYTES, oversizeError } from "./protocol.js";
export class SocketServer {
    server;
    path;
    conns = new Set();
    stopping = new AbortController();
    constructor(server, path) {
        this.server = server;
        this.path = path;
    }
    static async listen(opts) {
        removeStaleSocket(opts.path);
        const server = net.createServer();
        const s = new SocketServer(server, opts.path);
        server.on("connection", (conn) => s.serve(conn, opts));
        await new Promise((resolve, reject) => {
            server.once("error", reject);
            server.listen(opts.path, () => {
                server.off("error", reject);
                resolve();
            });
        });
        chmodSync(opts.path, 0o600);
        server.on("error", (e) => opts.warn(`socket: ${e.message}`));
        return s;
    }
    /** Stops accepting, cancels the calls in flight, closes every connection and removes the socket. */
    async close() {
        this.stopping.abort(new Error("the daemon is stopping"));
        const closed = new Promise((resolve) => this.server.close(() => resolve()));
        for (const c of this.conns)
            c.destroy();
        await closed;
        removeStaleSocket(this.path);
    }
    serve(conn, opts) {
        this.conns.add(conn);
        const ac = new AbortController();
        const onStop = () => ac.abort(this.stopping.signal.reason);
        this.stopping.signal.addEventListener("abort", onStop, { once: true });
        let mcp = null;
        let mcpReady = null;
        const write = (obj) => {
            if (!conn.destroyed)
                conn.write(JSON.stringify(obj) + "\n");
        };
        // A line too long to read is skipped and answered with an error; the connection stays.
        const lines = new LineSplitter(MAX_LINE_BYTES, (big) => {
            opts.warn(`socket: a message of ${big.bytes} bytes skipped (over ${MAX_LINE_BYTES})`);
            if (mcp !== null) {
                const t = mcp;
                if (mcpReady)
                    mcpReady = mcpReady.then(() => t.refuse(big, MAX_LINE_BYTES));
                else
                    t.refuse(big, MAX_LINE_BYTES);
            }
            else
                write({ id: idOfHead(big.head), error: { code: "bad-request", message: oversizeError(big, MAX_LINE_BYTES).error.message } });
        });
        conn.on("close", () => {
            this.conns.delete(conn);
            this.stopping.signal.removeEventListener("abort", onStop);
            ac.abort(new Error("the client went away"));
            mcp?.ended();
        });
        conn.on("error", () => undefined);
        conn.on("data", (chunk) => {
            for (const line of lines.push(chunk)) {
                if (mcp !== null) {
                    const t = mcp;
                    // Lines that arrive while the server is being connected wait for it, in order.
                    if (mcpReady)
                        mcpReady = mcpReady.then(() => t.receive(line));
                    else
                        t.receive(line);
                    continue;
                }
                if (line.trim() === "")
                    continue;
                let req;
                try {
                    req = JSON.parse(line);
                    if (typeof req !== "object" || req === null || typeof req.method !== "string" || typeof req.id !== "number")
                        throw new Error("expected {id, method, params}");
                }
                catch (e) {
                    write({ id: null, error: { code: "bad-request", message: `not a request: ${e.message}` } });
                    continue;
                }
                if (req.method === "mcp") {
                    const t = new LineTransport({ write: (l) => void (!conn.destroyed && conn.write(l)), end: () => conn.end() });
                    mcp = t;
                    mcpReady = opts.openMcp(req.params, t).then(() => {
                        write({ id: req.id, result: { mcp: true } });
                        mcpReady = null;
                    }, (e) => {
                        write({ id: req.id, error: errorInfo(e) });
                        conn.end();
                    });
                    continue;
                }
                const id = req.id;
                opts.call(req.method, req.params, ac.signal).then((result) => write({ id, result: result === undefined ? null : result }), (e) => {
                    const info = errorInfo(e);
                    write({ id, error: { code: daemonErrorCode(e) ?? info.code, message: info.message } });
                });
            }
        });
    }
}
/** Removes a socket file left behind; refuses to remove anything that is not a socket. */
function removeStaleSocket(file) {
    let st;
    try {
        st = lstatSync(file);
    }
    catch (e) {
        if (e.code === "ENOENT")
            return;
        throw e;
    }
    if (!st.isSocket())
        throw new Error(`${file} exists and is not a socket; move it away and start the daemon again`);
    unlinkSync(file);
}
//# sourceMappingURL=socket-server.js.map