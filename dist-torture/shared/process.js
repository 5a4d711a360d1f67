/** Whether a process with this pid exists on this machine (EPERM: it exists but is not ours). */
export function isProcessAlive(pid) {
    if (!Number.isInteger(pid) || pid <= 0)
        return false;
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (e) {
        return e.code === "EPERM";
    }
}
//# sourceMappingURL=process.js.map