import { z } from "zod";
export const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date like 2026-03-01");
export function text(t) {
    return { content: [{ type: "text", text: t }] };
}
export function json(v) {
    return text(JSON.stringify(v, null, 2));
}
//# sourceMappingURL=shared.js.map