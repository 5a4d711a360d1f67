export declare class AbortedError extends Error {
    constructor(reason?: unknown);
}
export declare class UseLitePool {
    private readonly modelDir;
    readonly threads: number;
    private readonly dimension;
    private slots;
    private readonly paths;
    constructor(modelDir: string, threads: number, dimension: number);
    /** Loads the model in one worker (more start when work needs them), so a bad model fails here. */
    init(): Promise<void>;
    /**
     * Embeds each batch on whichever worker is free, in parallel across workers. Rows come back
     * raw (not normalised) in batch order. On abort, busy workers are terminated at once and
     * replaced on the next call.
     */
    run(batches: string[][], signal?: AbortSignal): Promise<Float32Array[][]>;
    close(): Promise<void>;
    private spawn;
    private send;
    private sendNow;
    /** Drops a worker: its job (if any) fails with `err`; a later call starts a fresh one. */
    private kill;
}
