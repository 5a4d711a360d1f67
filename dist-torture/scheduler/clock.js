/** setTimeout's limit; longer waits are simply woken early and recomputed. */
const MAX_TIMER_MS = 2 ** 31 - 1;
export const systemClock = {
    now: () => Date.now(),
    sleep(ms, signal) {
        return new Promise((resolve) => {
            if (signal?.aborted)
                return resolve();
            const done = () => {
                clearTimeout(timer);
                signal?.removeEventListener("abort", done);
                resolve();
            };
            const timer = setTimeout(done, Math.max(0, Math.min(ms, MAX_TIMER_MS)));
            signal?.addEventListener("abort", done, { once: true });
        });
    },
};
/**
 * A clock for tests: sleeping moves time forward at once instead of waiting. `jump` moves
 * it arbitrarily, as a laptop lid closed for the night would.
 */
export class FakeClock {
    t;
    opts;
    /** Every sleep asked for, in ms, in order. */
    sleeps = [];
    constructor(t, opts = {}) {
        this.t = t;
        this.opts = opts;
    }
    now = () => this.t;
    set(ms) {
        this.t = ms;
    }
    jump(ms) {
        this.t += ms;
    }
    async sleep(ms, signal) {
        this.sleeps.push(ms);
        this.opts.onSleep?.(this, ms);
        if (signal?.aborted)
            return;
        this.t += Math.max(0, ms);
        // Yield to the event loop, as a real timer would, so stop() and I/O callbacks get to run.
        await new Promise((resolve) => setImmediate(resolve));
    }
}
//# sourceMappingURL=clock.js.map