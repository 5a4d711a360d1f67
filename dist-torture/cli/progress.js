import cliProgress from "cli-progress";
/**
 * A progress bar with ETA on a terminal, nothing otherwise: pipes, CI logs and --json
 * output must not fill with carriage returns.
 */
export function progressBar(enabled, unit = "files") {
    if (!enabled || !process.stderr.isTTY)
        return { update() { }, stop() { } };
    const bar = new cliProgress.SingleBar({
        stream: process.stderr,
        format: `{bar} {value}/{total} ${unit} | ETA {eta_formatted} | {label}`,
        hideCursor: true,
        clearOnComplete: true,
        etaBuffer: 200,
    }, cliProgress.Presets.shades_classic);
    let started = false;
    return {
        update(done, total, label = "") {
            if (!started) {
                bar.start(total, 0, { label });
                started = true;
            }
            bar.setTotal(total);
            bar.update(done, { label: label.length > 40 ? "…" + label.slice(-39) : label });
        },
        stop() {
            if (started)
                bar.stop();
        },
    };
}
//# sourceMappingURL=progress.js.map