/**
 * JSON with comments (`//`, `/* *\/`) and trailing commas, as editors call "jsonc": the config
 * is a file people edit by hand and annotate. Strict JSON parses exactly as JSON.parse does.
 * A mistake is reported with its line and column, which JSON.parse does not always give.
 */

export class JsoncError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`line ${line}, column ${column}: ${reason}`);
    this.name = "JsoncError";
  }
}

/** `maxDepth`: deeper nesting is a RangeError ("nested more than N levels deep") before the stack runs out. */
export function parseJsonc(text: string, maxDepth = 64): unknown {
  const p = new Parser(text.replace(/^\uFEFF/, ""), maxDepth);
  p.space();
  const v = p.value();
  p.space();
  if (p.at < p.text.length) p.fail("unexpected text after the end of the value");
  return v;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

class Parser {
  at = 0;
  private depth = 0;
  constructor(
    readonly text: string,
    private readonly maxDepth: number,
  ) {}

  private enter(): void {
    if (++this.depth > this.maxDepth) throw new RangeError(`nested more than ${this.maxDepth} levels deep`);
  }

  fail(reason: string, at = this.at): never {
    const before = this.text.slice(0, at);
    const line = before.split("\n").length;
    throw new JsoncError(reason, line, at - before.lastIndexOf("\n"));
  }

  /** Skips white space and comments. */
  space(): void {
    for (;;) {
      const c = this.text[this.at];
      if (c === " " || c === "\t" || c === "\n" || c === "\r") this.at++;
      else if (this.text.startsWith("//", this.at)) {
        const end = this.text.indexOf("\n", this.at);
        this.at = end < 0 ? this.text.length : end;
      } else if (this.text.startsWith("/*", this.at)) {
        const end = this.text.indexOf("*/", this.at + 2);
        if (end < 0) this.fail("a /* comment is never closed");
        this.at = end + 2;
      } else return;
    }
  }

  value(): unknown {
    const c = this.text[this.at];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return this.string();
    for (const [word, v] of [["true", true], ["false", false], ["null", null]] as const) {
      if (this.text.startsWith(word, this.at) && !/[\w$]/.test(this.text[this.at + word.length] ?? "")) {
        this.at += word.length;
        return v;
      }
    }
    NUMBER.lastIndex = this.at;
    const m = NUMBER.exec(this.text);
    if (m) {
      this.at += m[0].length;
      return Number(m[0]);
    }
    if (c === undefined) this.fail("the file ends where a value was expected");
    if (c === "'") this.fail("strings take double quotes (\"...\"), not single");
    return this.fail(`expected a value, found ${JSON.stringify(this.text.slice(this.at, this.at + 12).split("\n")[0])}`);
  }

  string(): string {
    STRING.lastIndex = this.at;
    const m = STRING.exec(this.text);
    if (!m) {
      const end = this.text.indexOf('"', this.at + 1);
      const nl = this.text.indexOf("\n", this.at);
      this.fail(end < 0 || (nl >= 0 && nl < end) ? "a string is not closed on its line" : "a string holds a bad escape or a control character");
    }
    this.at += m[0].length;
    return JSON.parse(m[0]) as string;
  }

  object(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.enter();
    this.at++;
    this.space();
    while (this.text[this.at] !== "}") {
      if (this.text[this.at] !== '"') this.fail(this.at >= this.text.length ? "the file ends inside an object: a } is missing" : "expected a key in double quotes, or }");
      const key = this.string();
      this.space();
      if (this.text[this.at] !== ":") this.fail(`expected : after "${key}"`);
      this.at++;
      this.space();
      Object.defineProperty(out, key, { value: this.value(), enumerable: true, writable: true, configurable: true });
      this.space();
      if (this.text[this.at] === ",") {
        this.at++;
        this.space();
      } else if (this.text[this.at] !== "}") this.fail(`expected , or } after the value of "${key}"`);
    }
    this.depth--;
    this.at++;
    return out;
  }

  array(): unknown[] {
    const out: unknown[] = [];
    this.enter();
    this.at++;
    this.space();
    while (this.text[this.at] !== "]") {
      if (this.at >= this.text.length) this.fail("the file ends inside a list: a ] is missing");
      out.push(this.value());
      this.space();
      if (this.text[this.at] === ",") {
        this.at++;
        this.space();
      } else if (this.text[this.at] !== "]") this.fail("expected , or ] after a list item");
    }
    this.depth--;
    this.at++;
    return out;
  }
}
