import { z } from "zod";
/**
 * The `daemon` section: how `agent daemon` serves the engine. The Unix socket in .agent/ is
 * always on; the MCP Streamable HTTP transport only when asked, and only on 127.0.0.1.
 */
export const DaemonConfigSchema = z
    .object({
    http: z
        .object({
        enabled: z.boolean().default(false),
        port: z.number().int().min(1).max(65535).default(7357),
        /** Extra Host/Origin values to accept besides 127.0.0.1 and localhost (e.g. a reverse proxy name). */
        allowedHosts: z.array(z.string().min(1)).default([]),
    })
        .strict()
        .prefault({}),
    /** Privacy scope of clients that do not name one: main sees everything; group and isolated never see private files. */
    session: z.enum(["main", "group", "isolated"]).default("main"),
})
    .strict();
//# sourceMappingURL=daemon-config.js.map