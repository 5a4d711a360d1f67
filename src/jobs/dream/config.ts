import { z } from "zod";

/**
 * The `dream` section of agent.config.json: the recall log every retrieval writes, and the
 * nightly dream that turns what keeps being recalled into proposed MEMORY.md lines.
 */
export const DreamConfigSchema = z
  .object({
    /** Run the nightly dream after the nightly reflection (the daemon's schedule). */
    enabled: z.boolean().default(true),
    recall: z
      .object({
        /** Record which chunks each retrieval presented (search, boot, context, ask, MCP). */
        enabled: z.boolean().default(true),
        /** Recalls older than this many days are dropped. */
        retentionDays: z.number().int().min(1).max(3650).default(90),
        /** At most this many recall rows are kept (the oldest go first). */
        maxRows: z.number().int().min(100).max(10_000_000).default(200_000),
      })
      .strict()
      .prefault({}),
    /** What a passage's recall signals must reach to become a candidate. */
    thresholds: z
      .object({
        minRecalls: z.number().int().min(1).default(3),
        minQueries: z.number().int().min(1).default(2),
        minDays: z.number().int().min(1).default(2),
        /** The latest recall must be at most this many days old. */
        recentDays: z.number().int().min(1).max(3650).default(14),
        /** A typed memory is a candidate once reinforced this many times. */
        minReinforced: z.number().int().min(1).default(3),
      })
      .strict()
      .prefault({}),
    /** Candidates distilled per night (the strongest first). */
    maxCandidates: z.number().int().min(1).max(200).default(12),
    /** A proposed line is at most this many characters. */
    maxLineChars: z.number().int().min(40).max(1000).default(200),
    /** Share of a line's content words that must come from its source lines. */
    minGrounded: z.number().min(0.5).max(1).default(0.8),
    /** Two texts are the same fact above either similarity. */
    duplicate: z
      .object({
        /** Share of content words in common (of the shorter text). */
        keywordOverlap: z.number().min(0.3).max(1).default(0.7),
        /** Cosine of their embeddings (used when an embedder is configured). */
        cosine: z.number().min(0.5).max(1).default(0.9),
      })
      .strict()
      .prefault({}),
    /** The MEMORY.md heading accepted facts go under (created at the end when missing; rename or move it freely). */
    section: z.string().trim().min(1).max(80).refine((s) => !s.includes("\n") && !s.startsWith("#"), { message: "a heading's text, without # and on one line" }).default("Dreamed facts"),
    /** Accept every proposal at once instead of waiting for review. Off by default. */
    autoAccept: z.boolean().default(false),
    maxReplyTokens: z.number().int().min(16).max(2048).default(160),
    temperature: z.number().min(0).max(2).default(0.1),
  })
  .strict();

export type DreamConfig = z.output<typeof DreamConfigSchema>;
export type DreamConfigInput = z.input<typeof DreamConfigSchema>;
