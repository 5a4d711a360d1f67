import { type McpContext } from "./shared.js";
/** boot: brain boot, the same JSON as `agent boot --json`. */
export declare function register({ server, engine, session }: McpContext): void;
