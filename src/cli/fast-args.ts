/**
 * The arguments of the commands that run on every turn of an assistant or every keystroke of a
 * script (`agent hook`, `agent mcp`, `agent search` through the daemon), read without the
 * command-line library so those processes load only what they use. Anything unusual (help, an
 * unknown option, a missing or doubtful value, `--`) is left to the full CLI, which says it the
 * same way as for every other command: `undefined` means "not for the fast path".
 *
 * Not `node:util`'s parseArgs: loading `node:util` brings its diff, colours and worker modules,
 * measured at 5 ms of CPU on a loaded 2-core machine, which is every hook's cost again. The
 * grammar read here is small (named options with or without a value, a few short aliases,
 * words); what it does not take, the full CLI reads.
 */

/** An option: `string` takes a value (`--name v`, `--name=v`, `-x v`), `boolean` none. */
export interface FastOption {
  type: "string" | "boolean";
  short?: string;
}

export interface FastArgs {
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
}

/**
 * The command's words after its name and its options, or undefined when the full CLI should read
 * them. `words`: how many words the command takes, or "some" for one or more.
 */
export function fastArgs(argv: readonly string[], options: Readonly<Record<string, FastOption>>, words: number | "some"): FastArgs | undefined {
  const args = argv.slice(3);
  const positionals: string[] = [];
  const values: FastArgs["values"] = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith("-")) {
      positionals.push(a);
      continue;
    }
    const eq = a.startsWith("--") ? a.indexOf("=") : -1;
    const name = optionName(a, eq, options);
    if (name === undefined || values[name] !== undefined) return undefined;
    if (options[name]!.type === "boolean") {
      if (eq >= 0) return undefined;
      values[name] = true;
      continue;
    }
    const value = eq >= 0 ? a.slice(eq + 1) : args[++i];
    // A value that looks like an option (or none at all) is the full CLI's to judge.
    if (value === undefined || value === "" || value.startsWith("-")) return undefined;
    values[name] = value;
  }
  if (words === "some" ? positionals.length === 0 : positionals.length !== words) return undefined;
  return { positionals, values };
}

/** The option `a` names (`--name`, `--name=…`, `-x`), or undefined for one not in `options` (and for `--`). */
function optionName(a: string, eq: number, options: Readonly<Record<string, FastOption>>): string | undefined {
  if (a.startsWith("--")) {
    const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
    return Object.hasOwn(options, name) ? name : undefined;
  }
  if (a.length !== 2) return undefined;
  return Object.keys(options).find((k) => options[k]!.short === a[1]);
}

/** A positive whole number given as an option's value, or undefined when it is not one (the full CLI refuses it). */
export function positiveInt(v: string | boolean | undefined): number | undefined | null {
  if (v === undefined) return undefined;
  const n = Number(v);
  return typeof v === "string" && Number.isInteger(n) && n > 0 ? n : null;
}
