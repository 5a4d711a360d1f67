import { z } from "zod";
/**
 * The `daemon` section: how `agent daemon` serves the engine. The Unix socket in .agent/ is
 * always on; the MCP Streamable HTTP transport only when asked, and only on 127.0.0.1.
 */
export declare const DaemonConfigSchema: z.ZodObject<{
    http: z.ZodPrefault<z.ZodObject<{
        enabled: z.ZodDefault<z.ZodBoolean>;
        port: z.ZodDefault<z.ZodNumber>;
        allowedHosts: z.ZodDefault<z.ZodArray<z.ZodString>>;
    }, z.core.$strict>>;
    session: z.ZodDefault<z.ZodEnum<{
        main: "main";
        group: "group";
        isolated: "isolated";
    }>>;
}, z.core.$strict>;
export type DaemonConfig = z.output<typeof DaemonConfigSchema>;
