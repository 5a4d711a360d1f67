import { type McpContext } from "./shared.js";
/** memory_search: the engine's search, the same JSON as `agent search --json`. */
export declare function register({ server, engine, session }: McpContext): void;
