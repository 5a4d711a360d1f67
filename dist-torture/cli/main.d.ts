#!/usr/bin/env node
/**
 * The `agent` command line. Start-up is a hot path: only the module of the command being run
 * is loaded (the list below is all `agent --help` needs), and each command only parses its
 * arguments, calls one engine method and formats the answer.
 */
import { Command } from "commander";
export declare const COMMAND_NAMES: string[];
/** The program with the named commands' full definitions (all of them when `names` is omitted). */
export declare function buildProgram(names?: string[], completion?: boolean): Promise<Command>;
export declare function main(argv: string[]): Promise<number>;
