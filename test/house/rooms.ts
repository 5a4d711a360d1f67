/**
 * One room per assistant: what differs between assistants lives in src/assistants/<name>/ and
 * nowhere else. A string literal equal to an assistant's name (the room folders' names) in any
 * other module of src/ is a branch on that name, or a list of names the registry should give:
 * a violation. Read with the TypeScript compiler's scanner, so comments and longer strings
 * ("claude-code, codex") never count.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export const ROOMS = "src/assistants";

export interface NameUse {
  file: string;
  line: number;
  name: string;
}

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

/** The assistants: the folders of src/assistants/. */
export function roomNames(root: string): string[] {
  const dir = path.join(root, ROOMS);
  return readdirSync(dir).filter((n) => statSync(path.join(dir, n)).isDirectory()).sort();
}

/** Every literal equal to an assistant's name outside that assistant's folder. */
export function namesOutsideRooms(root: string): NameUse[] {
  const names = new Set(roomNames(root));
  const out: NameUse[] = [];
  for (const file of sources(path.join(root, "src"))) {
    const rel = path.relative(root, file).split(path.sep).join("/");
    const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node) => {
      if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && names.has(n.text) && !rel.startsWith(`${ROOMS}/${n.text}/`)) {
        out.push({ file: rel, line: sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1, name: n.text });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}
