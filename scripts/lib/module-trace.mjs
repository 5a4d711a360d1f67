// `node --import ./scripts/lib/module-trace.mjs dist/cli/main.js ...`: records loaded modules.
import { register } from "node:module";
register("./module-trace-hooks.mjs", import.meta.url);
