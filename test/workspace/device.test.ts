import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { stateHome, thisDevice } from "../../src/workspace/device.js";

describe("this device", () => {
  it("the state home follows AGENT_STATE_HOME, then XDG_STATE_HOME, then HOME (empty values are unset)", () => {
    expect(stateHome({ AGENT_STATE_HOME: "/s/own", XDG_STATE_HOME: "/x", HOME: "/h" })).toBe("/s/own");
    expect(stateHome({ AGENT_STATE_HOME: " ", XDG_STATE_HOME: "/x", HOME: "/h" })).toBe("/x/agent");
    expect(stateHome({ XDG_STATE_HOME: "", HOME: "/h" })).toBe("/h/.local/state/agent");
  });

  it("the id is made once, kept owner-only, and read back the same by every later call", () => {
    const home = mkdtempSync(path.join(os.tmpdir(), "agent-device-"));
    const env = { AGENT_STATE_HOME: home };
    const a = thisDevice(env);
    expect(a.id).toMatch(/^[0-9a-f]{12}$/);
    expect(thisDevice(env)).toEqual(a);
    expect(statSync(path.join(home, "device.json")).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path.join(home, "device.json"), "utf8")).name).toBe(os.hostname());
    expect(thisDevice({ AGENT_STATE_HOME: mkdtempSync(path.join(os.tmpdir(), "agent-device-")) }).id).not.toBe(a.id);
  });

  it("a damaged device file is refused by name, not replaced", () => {
    const home = mkdtempSync(path.join(os.tmpdir(), "agent-device-"));
    writeFileSync(path.join(home, "device.json"), '{"id":"NOT-HEX"}');
    expect(() => thisDevice({ AGENT_STATE_HOME: home })).toThrow(/device\.json.*12 lower-case hex/);
    expect(readFileSync(path.join(home, "device.json"), "utf8")).toBe('{"id":"NOT-HEX"}');
  });
});
