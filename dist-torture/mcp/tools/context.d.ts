import { type McpContext } from "./shared.js";
/** context: the same prompt `agent context` prints, for the session type asked (never beyond this server's scope). */
export declare function register({ server, engine, session: scope }: McpContext): void;
