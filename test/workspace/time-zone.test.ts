import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { configSection, loadConfig } from "../../src/workspace/config.js";
import { TimeZoneSchema } from "../../src/workspace/time-zone-schema.js";
import { SearchConfigSchema } from "../../src/search/config.js";
import { contextConfig } from "../../src/context/config.js";
import { z } from "zod";
import { cleanup, tempDir } from "../helpers/workspace.js";

describe("an invalid time zone is reported with its file and key", () => {
  let ws: string;
  beforeEach(() => (ws = tempDir()));
  afterEach(() => cleanup(ws));

  const configure = (cfg: unknown) => writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify(cfg));

  it("search.dates.timeZone", () => {
    configure({ search: { dates: { timeZone: "Mars/Base" } } });
    const file = path.join(ws, "agent.config.json");
    expect(() => configSection(loadConfig(ws), "search", SearchConfigSchema)).toThrow(`${file}: search.dates.timeZone: not a time zone name this system knows`);
  });

  it("context.timeZone", () => {
    configure({ context: { timeZone: "Not/AZone" } });
    expect(() => contextConfig(loadConfig(ws))).toThrow(/agent\.config\.json: context\.timeZone: not a time zone name/);
  });

  it("valid names pass, the empty string does not", () => {
    const schema = z.object({ timeZone: TimeZoneSchema.optional() });
    const cfg = (tz: string) => ({ file: "agent.config.json", raw: { s: { timeZone: tz } } });
    expect(configSection(cfg("Europe/Berlin"), "s", schema).timeZone).toBe("Europe/Berlin");
    expect(configSection(cfg("UTC"), "s", schema).timeZone).toBe("UTC");
    expect(() => configSection(cfg(""), "s", schema)).toThrow(/agent\.config\.json: s\.timeZone/);
  });
});
