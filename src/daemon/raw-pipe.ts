/**
 * A connection to the daemon's Unix socket without `node:net`, for a process that asks one
 * question and exits (the thin `agent search`). Loading `net` loads Node's whole stream stack
 * with it (about 25 internal modules: streams, duplex, the socket's state machine), which is
 * most of what such a process costs over Node's own start; a Unix socket has no other public
 * door in Node. So this uses the two handles `net` itself is built on, `pipe_wrap` and
 * `stream_wrap`, through `process.binding`: one connect, one write, reads as they come.
 *
 * Those are Node's internals, so nothing here is trusted to exist: the shapes are checked
 * before use, any throw or refusal gives undefined, and the caller then connects with `net`
 * as always. It is also not used when pending deprecations are on (`process.binding` would
 * print DEP0111 on stderr there) or when Node's permission model forbids it (it throws).
 */
import type { DaemonLink } from "./link.js";

/** The parts of `process.binding("pipe_wrap")` used here (as net.js uses them). */
interface PipeHandle {
  connect(req: object, address: string): number;
  readStart(): number;
  readStop(): number;
  writeUtf8String(req: object, text: string): number;
  close(): void;
  /** Must always be a function: Node aborts the process (a native assertion) on anything else. */
  onread: (buf: ArrayBuffer | undefined) => void;
}

interface RawBindings {
  newPipe(): PipeHandle;
  newConnectReq(oncomplete: (status: number) => void): object;
  newWriteReq(handle: PipeHandle): object;
  /** Bytes of the last read (negative: end of stream or an error) and where they start. */
  lastRead(): { n: number; offset: number };
}

/** Whether Node was asked to print pending deprecations, which `process.binding` is. */
function pendingDeprecation(): boolean {
  const flag = "--pending-deprecation";
  return process.execArgv.includes(flag) || (process.env.NODE_OPTIONS ?? "").includes(flag) || process.env.NODE_PENDING_DEPRECATION === "1";
}

const isFn = (v: unknown): v is (...a: never[]) => unknown => typeof v === "function";

/** The bindings, checked; undefined when this Node does not offer them as expected. */
export function rawPipeBindings(): RawBindings | undefined {
  if (pendingDeprecation()) return undefined;
  try {
    // process.binding is typed away in @types/node (deprecated), so it is read as unknown and checked.
    const binding = (process as unknown as { binding?: (name: string) => Record<string, unknown> }).binding;
    if (!isFn(binding)) return undefined;
    const pipe = binding.call(process, "pipe_wrap");
    const stream = binding.call(process, "stream_wrap");
    const Pipe = pipe.Pipe as (new (type: number) => PipeHandle) | undefined;
    const ConnectWrap = pipe.PipeConnectWrap as (new () => Record<string, unknown>) | undefined;
    const WriteWrap = stream.WriteWrap as (new () => Record<string, unknown>) | undefined;
    const SOCKET = (pipe.constants as Record<string, unknown> | undefined)?.SOCKET;
    const state = stream.streamBaseState;
    const { kReadBytesOrError: kBytes, kArrayBufferOffset: kOffset } = stream;
    if (!isFn(Pipe) || !isFn(ConnectWrap) || !isFn(WriteWrap) || typeof SOCKET !== "number") return undefined;
    if (!(state instanceof Int32Array) || typeof kBytes !== "number" || typeof kOffset !== "number") return undefined;
    const proto = Pipe.prototype as Partial<Record<keyof PipeHandle, unknown>>;
    if (![proto.connect, proto.readStart, proto.readStop, proto.writeUtf8String, proto.close].every(isFn)) return undefined;
    return {
      newPipe: () => new Pipe(SOCKET),
      newConnectReq: (oncomplete) => Object.assign(new ConnectWrap(), { oncomplete }),
      newWriteReq: (handle) => Object.assign(new WriteWrap(), { handle, oncomplete: () => undefined, async: false }),
      lastRead: () => ({ n: state[kBytes] ?? -1, offset: state[kOffset] ?? 0 }),
    };
  } catch {
    return undefined;
  }
}

/**
 * Connects to the Unix socket at `sock`: the link, or undefined when these bindings are not
 * to be had, when nothing listens there, or when no connection came within `timeoutMs`.
 */
export function connectRawPipe(sock: string, timeoutMs: number): Promise<DaemonLink | undefined> {
  const b = rawPipeBindings();
  if (b === undefined) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let handle: PipeHandle;
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const fail = () => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      closeQuietly(handle);
      resolve(undefined);
    };
    try {
      handle = b.newPipe();
      const req = b.newConnectReq((status) => {
        if (status < 0) return fail();
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(rawLink(b, handle));
      });
      if (handle.connect(req, sock) < 0) return fail();
      timer = setTimeout(fail, timeoutMs);
    } catch {
      fail();
    }
  });
}

function closeQuietly(handle: PipeHandle | undefined): void {
  try {
    handle?.close();
  } catch {
    // already closed
  }
}

/** A connected pipe as a link: reading starts with the first write (the daemon only answers), an end is reported once. */
function rawLink(b: RawBindings, handle: PipeHandle): DaemonLink {
  const onData: ((chunk: Buffer) => void)[] = [];
  const onClose: (() => void)[] = [];
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    handle.onread = () => undefined;
    try {
      handle.readStop();
    } catch {
      // the handle is closing anyway
    }
    closeQuietly(handle);
  };
  const ended = () => {
    if (!open) return;
    close();
    for (const fn of onClose) fn();
  };
  handle.onread = (buf) => {
    const { n, offset } = b.lastRead();
    if (n < 0 || buf === undefined) return ended();
    if (n === 0) return;
    const chunk = Buffer.from(buf, offset, n);
    for (const fn of onData) fn(chunk);
  };
  let reading = false;
  // A write that completes later needs its request alive until then: kept here, as net keeps its own.
  const inFlight: object[] = [];
  return {
    write(text) {
      if (!open) return;
      if (!reading && handle.readStart() < 0) return ended();
      reading = true;
      const req = b.newWriteReq(handle);
      inFlight.push(req);
      if (handle.writeUtf8String(req, text) < 0) ended();
    },
    onData: (fn) => void onData.push(fn),
    onClose: (fn) => void onClose.push(fn),
    close,
    // Closing a raw handle touches no stream (net's close makes process.stderr): nothing to leave.
    leave: close,
  };
}
