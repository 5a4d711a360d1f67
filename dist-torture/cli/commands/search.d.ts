import { type Command } from "commander";
export declare function register(program: Command): void;
/** "mode::deep work" or "mode=deep work" → { mode: "deep work" }; keys ctx, project, meeting, mode. */
export declare function parseAnnotationFilters(specs: string[]): Record<string, string>;
