export interface Progress {
    update(done: number, total: number, label?: string): void;
    stop(): void;
}
/**
 * A progress bar with ETA on a terminal, nothing otherwise: pipes, CI logs and --json
 * output must not fill with carriage returns.
 */
export declare function progressBar(enabled: boolean, unit?: string): Progress;
