import { type McpContext } from "./shared.js";
/** ask: the local model answers from the notes, with citations (main sessions only: it reads private notes). */
export declare function register({ server, engine, session }: McpContext): void;
