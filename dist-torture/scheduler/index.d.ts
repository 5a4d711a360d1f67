/** The scheduler (issue #5): `agent daemon`'s loop, its lock, clock and nightly catch-up rule. */
export { Daemon, daemonSettings, FLUSH_JOB, REFLECT_JOB } from "./daemon.js";
export type { DaemonOptions, DaemonSettings, DaemonEvent, Closable } from "./daemon.js";
export { acquireDaemonLock, readDaemonLock, daemonLockPath, DaemonLockedError } from "./lock.js";
export type { DaemonLock, DaemonLockInfo, AcquireLockOptions } from "./lock.js";
export { systemClock, FakeClock } from "./clock.js";
export type { Clock, FakeClockOptions } from "./clock.js";
export { nightlyStatus, NIGHTLY_STATE_KEY } from "./nightly.js";
export type { NightlyStatus, NightlyInput } from "./nightly.js";
export { ScheduleConfigSchema, scheduleConfig } from "./config.js";
export type { ScheduleConfig, ScheduleConfigInput } from "./config.js";
