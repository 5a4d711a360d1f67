/**
 * The floors of the house, checked by `npm test` rather than kept by habit: layers point down
 * (no import cycle between files, nor between the first-level folders of src/), and no function
 * is longer than a screenful or two. Both read the sources with the TypeScript compiler's own
 * scanner, so comments and strings never count as imports and every kind of function counts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

function sources(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts")) out.push(p);
    }
  };
  walk(root);
  return out;
}

/** The file a relative import names (`./x.js` is `./x.ts`), or null for a package or a file outside the tree. */
function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(m?js|tsx?|mts)$/, "");
  for (const c of [`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, path.join(base, "index.ts")]) if (existsSync(c)) return c;
  return null;
}

/** Every relative import of a file: static, `export … from`, `import type` and `import("…")` alike. */
export function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** Strongly connected components with more than one node (Tarjan). */
function cycles<T>(nodes: T[], next: (n: T) => Iterable<T>): T[][] {
  let counter = 0;
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const onStack = new Set<T>();
  const stack: T[] = [];
  const out: T[][] = [];
  const visit = (v: T) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const comp: T[] = [];
      let w: T;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp);
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return out;
}

export interface CycleReport {
  files: number;
  /** Each cycle's files, relative to the root, sorted. */
  fileCycles: string[][];
  /** Each cycle's folders (`search/`; a file at the root is its own node) and an import on it. */
  folderCycles: { folders: string[]; imports: string[] }[];
}

/** The import cycles of a source tree, between files and between its first-level folders. */
export function importCycles(root: string): CycleReport {
  const files = sources(root);
  const known = new Set(files);
  const edges = new Map<string, Set<string>>(files.map((f) => [f, new Set<string>()]));
  for (const f of files) {
    for (const spec of importsOf(f)) {
      const target = resolveImport(f, spec);
      if (target !== null && target !== f && known.has(target)) edges.get(f)!.add(target);
    }
  }
  const rel = (f: string) => path.relative(root, f);
  const folderOf = (f: string) => {
    const parts = rel(f).split(path.sep);
    return parts.length === 1 ? parts[0]! : `${parts[0]}/`;
  };
  const folderEdges = new Map<string, Set<string>>();
  const witness = new Map<string, string[]>();
  for (const [f, targets] of edges) {
    for (const t of targets) {
      const a = folderOf(f);
      const b = folderOf(t);
      if (a === b) continue;
      if (!folderEdges.has(a)) folderEdges.set(a, new Set());
      folderEdges.get(a)!.add(b);
      const key = `${a} -> ${b}`;
      witness.set(key, [...(witness.get(key) ?? []), `${rel(f)} -> ${rel(t)}`]);
    }
  }
  const folders = [...new Set(files.map(folderOf))];
  const folderCycles = cycles(folders, (a) => folderEdges.get(a) ?? []).map((comp) => {
    const inside = new Set(comp);
    const imports = [...witness.entries()].filter(([k]) => k.split(" -> ").every((x) => inside.has(x))).flatMap(([, w]) => w.slice(0, 1));
    return { folders: comp.sort(), imports };
  });
  return { files: files.length, fileCycles: cycles(files, (f) => edges.get(f)!).map((c) => c.map(rel).sort()), folderCycles };
}

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

/** Every function of a tree (declarations, methods, arrows, expressions, constructors, accessors) longer than `max` lines. */
export function longFunctions(root: string, max: number): LongFunction[] {
  const out: LongFunction[] = [];
  for (const file of sources(root)) {
    const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node) => {
      if (ts.isFunctionLike(n) && "body" in n && n.body !== undefined) {
        const first = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
        const last = sf.getLineAndCharacterOfPosition(n.getEnd()).line;
        const name = (n as ts.FunctionLikeDeclaration).name;
        if (last - first + 1 > max) out.push({ file: path.relative(root, file), line: first + 1, name: name ? name.getText(sf) : "(anonymous)", lines: last - first + 1 });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}
