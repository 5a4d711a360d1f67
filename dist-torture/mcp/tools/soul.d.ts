import { type McpContext } from "./shared.js";
/** SOUL.md and its review: read it or a version, see the pending proposal, accept, reject, save. */
export declare function register({ server, engine, session }: McpContext): void;
