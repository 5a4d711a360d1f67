/**
 * `agent daemon`'s stop signals from the moment its launcher runs (dist/cli/main.js, right after
 * the relaunch with the daemon's heap flags) until the daemon command installs its own
 * handlers, once the CLI has loaded and parsed its options: up to a second on a loaded machine,
 * during which a SIGTERM used to end the process by the signal instead of a clean exit. A stop
 * asked in that time is held and handed to the command, which stops before it starts; a second
 * one exits at once, as the command's own handler does.
 *
 * Imports nothing: the launcher loads this file as it is, and the CLI's bundle has its own copy
 * of it, so the held signals live on the process object, where both copies find them.
 */
const KEY = Symbol.for("agent.heldStopSignals");

interface Held {
  signals: NodeJS.Signals[];
  hold: (sig: NodeJS.Signals) => void;
}

const slot = process as unknown as Record<symbol, Held | undefined>;

/** From now on SIGTERM and SIGINT are held (not acted on) until releaseStopSignals(). */
export function holdStopSignals(): void {
  if (slot[KEY] !== undefined) return;
  const held: Held = {
    signals: [],
    hold: (sig) => {
      held.signals.push(sig);
      if (held.signals.length > 1) {
        process.stderr.write(`agent: ${sig} again: exiting now\n`);
        process.exit(130);
      }
    },
  };
  slot[KEY] = held;
  process.on("SIGTERM", held.hold);
  process.on("SIGINT", held.hold);
}

/** Stops holding; the signals that came meanwhile (none when nothing held them). Call it once the real handlers are on. */
export function releaseStopSignals(): NodeJS.Signals[] {
  const held = slot[KEY];
  if (held === undefined) return [];
  process.off("SIGTERM", held.hold);
  process.off("SIGINT", held.hold);
  slot[KEY] = undefined;
  return held.signals;
}
