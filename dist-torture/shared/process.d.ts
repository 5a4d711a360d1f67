/** Whether a process with this pid exists on this machine (EPERM: it exists but is not ours). */
export declare function isProcessAlive(pid: number): boolean;
