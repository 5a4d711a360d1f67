import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  JSONRPCMessageSchema
} from "./chunk-AIKM6EGO.js";
import {
  oversizeError
} from "./chunk-C7XSXXD5.js";

// dist/daemon/line-transport.js
var LineTransport = class {
  channel;
  onclose;
  onerror;
  onmessage;
  closed = false;
  constructor(channel) {
    this.channel = channel;
  }
  async start() {
  }
  /** A line from the client. */
  receive(line) {
    if (this.closed || line.trim() === "")
      return;
    let raw;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      this.onerror?.(new Error(`not JSON: ${e.message}`));
      return;
    }
    const msg = JSONRPCMessageSchema.safeParse(raw);
    if (!msg.success) {
      this.onerror?.(new Error("not a JSON-RPC message"));
      return;
    }
    this.onmessage?.(msg.data);
  }
  /**
   * A message too large to read was skipped: the client gets an error for it (under its
   * request id when the id shows before the params) and the session goes on.
   */
  refuse(line, max) {
    if (this.closed)
      return;
    const reply = oversizeError(line, max);
    this.onerror?.(new Error(reply.error.message));
    this.channel.write(JSON.stringify(reply) + "\n");
  }
  async send(message) {
    if (this.closed)
      return;
    this.channel.write(JSON.stringify(message) + "\n");
  }
  async close() {
    if (this.closed)
      return;
    this.closed = true;
    this.channel.end();
    this.onclose?.();
  }
  /** The client went away. */
  ended() {
    if (this.closed)
      return;
    this.closed = true;
    this.onclose?.();
  }
};

export {
  LineTransport
};
//# sourceMappingURL=chunk-4UKMVRFV.js.map
