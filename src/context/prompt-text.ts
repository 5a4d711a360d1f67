/**
 * What of a bootstrap file goes into the prompt: its HTML comments are notes to the person
 * editing the file (HEARTBEAT.md explains itself in one), not to the assistant, so they are
 * left out; the lock markers stay, they say which lines reflection never changes. A file that
 * holds nothing but the shipped template's placeholders (an IDENTITY.md with "Name:" empty,
 * a USER.md never filled in) says nothing about anyone and is left out whole. Pure.
 */
import { isBoilerplate } from "../indexer/boilerplate.js";
import type { BootstrapFile } from "./assemble.js";

/** Files whose template is only placeholders: untouched, they are left out. */
const PLACEHOLDER_FILES: ReadonlySet<string> = new Set(["IDENTITY.md", "USER.md", "MEMORY.md", "HEARTBEAT.md"]);

const COMMENT = /<!--(?!\s*\/?\s*locked\s*-->)[\s\S]*?-->/g;

export function withoutComments(text: string): string {
  if (!text.includes("<!--")) return text;
  return text.replace(COMMENT, "").replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, "\n\n");
}

/**
 * The file's text for the prompt, or null when nothing of it is the person's. `template` is
 * the shipped template's lines for this file (indexer/boilerplate.ts `templateLines`).
 */
export function promptText(name: BootstrapFile, text: string, template: ReadonlySet<string> | null): string | null {
  const clean = withoutComments(text);
  if (PLACEHOLDER_FILES.has(name) && isBoilerplate(clean, template)) return null;
  return clean;
}
