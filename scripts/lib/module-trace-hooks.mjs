// Loader hooks (run in the loader thread): appends every resolved module URL to the file named
// by AGENT_MODULE_TRACE, so a bench can tell which packages a command loads.
import { appendFileSync } from "node:fs";
export async function resolve(spec, ctx, next) {
  const r = await next(spec, ctx);
  if (process.env.AGENT_MODULE_TRACE) appendFileSync(process.env.AGENT_MODULE_TRACE, r.url + "\n");
  return r;
}
