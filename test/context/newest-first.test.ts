import { describe, expect, it } from "vitest";
import type { Engine } from "../../src/index.js";
import { formatBoot } from "../../src/cli/commands/boot.js";
import { keywordEngines } from "../helpers/keyword-engine.js";

// The kitchen start date said on the 5th, moved on the 19th; "now" is the 21st.
describe("newest first in boot and context", () => {
  const open = keywordEngines();

  function setup(): Engine {
    return open(
      {
        "memory/2026-11-05.md": "# 2026-11-05\n\n- The kitchen renovation start date is 3 December, Marek's crew, with the oak worktop and new tiles.\n",
        "memory/2026-11-19.md": "# 2026-11-19\n\n- Marek called: the kitchen renovation start date moved to 10 December.\n",
        // MEMORY.md, shown whole in context, is older than both.
        "MEMORY.md": "# Memory\n\n- Likes oat milk.\n",
      },
      { config: { context: { timeZone: "UTC" } }, mtimes: { "MEMORY.md": Date.parse("2026-11-01T09:00:00Z") / 1000 } },
    );
  }

  it("boot lists the replaced line after the one that replaced it, saying so", async () => {
    const e = setup();
    const r = await (await e.assist()).boot("kitchen renovation start date", { days: 7, limit: 10 });
    const at = (p: string) => r.items.findIndex((i) => i.path === p);
    expect(at("memory/2026-11-19.md")).toBeGreaterThanOrEqual(0);
    expect(at("memory/2026-11-05.md")).toBeGreaterThan(at("memory/2026-11-19.md"));
    expect(r.items[at("memory/2026-11-05.md")]!.supersededBy).toEqual({ path: "memory/2026-11-19.md", line: 3, date: "2026-11-19" });
    const text = formatBoot(r);
    expect(text.indexOf("memory/2026-11-19.md:")).toBeLessThan(text.indexOf("memory/2026-11-05.md:"));
    expect(text).toContain("replaced on 2026-11-19 by memory/2026-11-19.md:3");
  });

  it("context lists the replaced memory after the current one, saying by what", async () => {
    const e = setup();
    const ctx = await (await e.assist()).context({ query: "kitchen renovation start date" });
    const newer = ctx.text.indexOf("- memory/2026-11-19.md:");
    const older = ctx.text.indexOf("- memory/2026-11-05.md:");
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(older).toBeGreaterThan(newer);
    expect(ctx.text).toContain("(replaced on 2026-11-19 by memory/2026-11-19.md:3: prefer that one)");
  });
});
