import { z } from "zod";

/**
 * An address of a local model server (llm.host, embed.host): http or https only. A
 * scheme-less `host:port`, as OLLAMA_HOST is often written, is read as http. Any other
 * scheme (file:, ftp:, javascript:) is refused when the config is read, not at the first
 * call: a request for "file:///etc/passwd" has no business leaving the engine.
 */
export function httpHostProblem(value: string): string | null {
  const v = value.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1]?.toLowerCase();
  const hasScheme = scheme !== undefined && (v.includes("://") || !/^[^:]+:\d+(\/|$)/.test(v));
  if (hasScheme && scheme !== "http" && scheme !== "https") return `must be an http:// or https:// address like http://127.0.0.1:11434, got "${value}"`;
  try {
    const u = new URL(hasScheme ? v : `http://${v}`);
    if (u.hostname === "") throw new Error("no host");
  } catch {
    return `must be an http:// or https:// address like http://127.0.0.1:11434, got "${value}"`;
  }
  return null;
}

export const HttpHostSchema = z.string().min(1).superRefine((v, ctx) => {
  const problem = httpHostProblem(v);
  if (problem !== null) ctx.addIssue({ code: "custom", message: problem });
});
