/**
 * JSON with comments (`//`, `/* *\/`) and trailing commas, as editors call "jsonc": the config
 * is a file people edit by hand and annotate. Parsing is jsonc-parser's (the one VS Code
 * uses); this module only turns its first error into a sentence with a line and a column,
 * which JSON.parse does not always give, and bounds the nesting.
 */
import jsonc from "jsonc-parser";

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

const OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false };

/** Where the parser stood when it failed: in an object after which key, or in a list. */
interface Frame {
  kind: "object" | "list";
  key: string | null;
}

/** `maxDepth`: deeper nesting is a RangeError ("nested more than N levels deep") before the stack runs out. */
export function parseJsonc(text: string, maxDepth = 64): unknown {
  const src = text.replace(/^\uFEFF/, "");
  const stack: Frame[] = [];
  const enter = (kind: Frame["kind"]) => {
    if (stack.length >= maxDepth) throw new RangeError(`nested more than ${maxDepth} levels deep`);
    stack.push({ kind, key: null });
  };
  let failure: JsoncError | null = null;
  jsonc.visit(
    src,
    {
      onObjectBegin: () => enter("object"),
      onArrayBegin: () => enter("list"),
      onObjectEnd: () => void stack.pop(),
      onArrayEnd: () => void stack.pop(),
      onObjectProperty: (key) => {
        const top = stack.at(-1);
        if (top) top.key = key;
      },
      onError: (code, offset, _length, line, column) => {
        failure ??= new JsoncError(describe(code, src, offset, stack.at(-1)), line + 1, column + 1);
      },
    },
    OPTIONS,
  );
  if (failure) throw failure;
  return jsonc.parse(src, [], OPTIONS);
}

/** The parser's error code as what to fix, in the words of someone editing the file. */
function describe(code: jsonc.ParseErrorCode, text: string, offset: number, frame: Frame | undefined): string {
  // By name: the codes are a const enum in the library's types.
  const name = jsonc.printParseErrorCode(code);
  const atEnd = offset >= text.length;
  const inObject = frame?.kind === "object";
  switch (name) {
    case "InvalidSymbol":
    case "ValueExpected":
      if (atEnd) return "the file ends where a value was expected";
      if (text[offset] === "'") return 'strings take double quotes ("..."), not single';
      return `expected a value, found ${JSON.stringify(text.slice(offset, offset + 12).split("\n")[0])}`;
    case "PropertyNameExpected":
      return atEnd ? "the file ends inside an object: a } is missing" : "expected a key in double quotes, or }";
    case "ColonExpected":
      return `expected : after "${frame?.key ?? ""}"`;
    case "CommaExpected":
      if (!inObject) return "expected , or ] after a list item";
      return frame?.key !== null && frame?.key !== undefined ? `expected , or } after the value of "${frame.key}"` : "expected , or }";
    case "CloseBraceExpected":
      return "the file ends inside an object: a } is missing";
    case "CloseBracketExpected":
      return "the file ends inside a list: a ] is missing";
    case "EndOfFileExpected":
      return "unexpected text after the end of the value";
    case "UnexpectedEndOfComment":
      return "a /* comment is never closed";
    case "UnexpectedEndOfString":
      return "a string is not closed on its line";
    case "InvalidEscapeCharacter":
    case "InvalidCharacter":
    case "InvalidUnicode":
      return "a string holds a bad escape or a control character";
    case "InvalidNumberFormat":
    case "UnexpectedEndOfNumber":
      return "a number is not written right";
    default:
      return name;
  }
}
