// Deterministic synthetic daily notes for the demo and benchmarks: realistic shapes
// (headings, bullets, decisions, people, projects), reproducible from a seed.

export function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PEOPLE = ["Ana", "Ben", "Chloe", "Dmitri", "Esra", "Farid", "Grace", "Hiro", "Ines", "Jonas"];
const PROJECTS = ["pharmacy app", "VPS migration", "garden irrigation", "tax return", "photo archive", "home network", "book club site", "budget sheet", "bike repair", "language course"];
const PLACES = ["Lisbon", "the office", "the cafe on Rua Augusta", "Berlin", "the coworking space", "home"];
const VERBS = ["fixed", "reviewed", "planned", "discussed", "postponed", "started", "finished", "tested", "documented", "rewrote"];
const THINGS = ["the backup job", "the login page", "the DNS records", "the invoice template", "the watering schedule", "the database schema", "the deploy script", "the reading list", "the spreadsheet macros", "the router firmware"];
const FEELINGS = ["tired but happy", "frustrated with the slow progress", "relieved", "curious about the next step", "a bit anxious about the deadline"];

export function dailyNote(date, r) {
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const lines = [`# ${date}`, ""];
  const sections = 2 + Math.floor(r() * 3);
  for (let s = 0; s < sections; s++) {
    const project = pick(PROJECTS);
    lines.push(`## ${project[0].toUpperCase()}${project.slice(1)}`, "");
    const bullets = 2 + Math.floor(r() * 5);
    for (let b = 0; b < bullets; b++) {
      const kind = r();
      if (kind < 0.2) lines.push(`- Decided with ${pick(PEOPLE)} to ${pick(["keep", "drop", "move", "split", "automate"])} ${pick(THINGS)} for the ${project}.`);
      else if (kind < 0.4) lines.push(`- Met ${pick(PEOPLE)} at ${pick(PLACES)}; we ${pick(VERBS)} ${pick(THINGS)}.`);
      else if (kind < 0.55) lines.push(`- [ ] Follow up with ${pick(PEOPLE)} about ${pick(THINGS)} by ${pick(["Monday", "Friday", "next week", "the end of the month"])}.`);
      else {
        const verb = pick(VERBS);
        lines.push(`- ${verb[0].toUpperCase()}${verb.slice(1)} ${pick(THINGS)}; felt ${pick(FEELINGS)}.`);
      }
    }
    lines.push("");
  }
  return lines.join("\n");
}

export function isoDate(base, offsetDays) {
  const d = new Date(base);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}
