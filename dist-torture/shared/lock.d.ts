export interface DaemonLockInfo {
    pid: number;
    host: string;
    /** ms since epoch. */
    startedAt: number;
}
export interface DaemonLock {
    file: string;
    info: DaemonLockInfo;
    /** The stale lock this one replaced, if any. */
    takenOver?: DaemonLockInfo | {
        unreadable: true;
    };
    /** Removes the lock file if it is still ours; safe to call twice. */
    release(): void;
}
export declare class DaemonLockedError extends Error {
    readonly file: string;
    readonly holder: DaemonLockInfo | undefined;
    constructor(file: string, holder: DaemonLockInfo | undefined, detail?: string);
}
export declare function daemonLockPath(workspace: string): string;
export interface AcquireLockOptions {
    now?: number;
    pid?: number;
    /** Liveness test (tests replace it); default `kill(pid, 0)`. */
    isAlive?: (pid: number) => boolean;
}
export declare function acquireDaemonLock(workspace: string, opts?: AcquireLockOptions): DaemonLock;
/** The daemon holding the workspace's lock, if the file is there (alive or not). */
export declare function readDaemonLock(workspace: string): (DaemonLockInfo & {
    alive: boolean;
}) | undefined;
