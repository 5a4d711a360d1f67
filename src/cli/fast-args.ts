/**
 * The arguments of the commands an assistant runs on every turn (`agent hook`, `agent mcp`),
 * read without the command-line library so those processes load only what they use. Anything
 * unusual (help, an unknown option, a bad value) is left to the full CLI, which says it the
 * same way as for every other command: `undefined` means "not for the fast path".
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

export interface FastArgs {
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
}

/** The command's words after its name and its options, or undefined when the full CLI should read them. */
export function fastArgs(argv: string[], options: Options, words: number): FastArgs | undefined {
  try {
    const { values, positionals } = parseArgs({ args: argv.slice(3), options, allowPositionals: true, strict: true });
    if (positionals.length !== words) return undefined;
    return { positionals, values: values as FastArgs["values"] };
  } catch {
    return undefined;
  }
}

/** A positive whole number given as an option's value, or undefined when it is not one (the full CLI refuses it). */
export function positiveInt(v: string | boolean | undefined): number | undefined | null {
  if (v === undefined) return undefined;
  const n = Number(v);
  return typeof v === "string" && Number.isInteger(n) && n > 0 ? n : null;
}
