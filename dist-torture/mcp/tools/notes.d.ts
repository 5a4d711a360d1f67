import { type McpContext } from "./shared.js";
/** memory_get and memory_append: reading a workspace file, appending to today's note. */
export declare function register({ server, engine, session }: McpContext): void;
