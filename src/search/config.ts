import { z } from "zod";
import { TimeZoneSchema } from "../workspace/time-zone-schema.js";

/**
 * The `search` section of agent.config.json. Defaults come from `npm run eval` on the
 * development data (README, "Search quality"), not from folklore.
 */
export const SearchConfigSchema = z
  .object({
    limit: z.number().int().positive().max(1000).default(10),
    /** hybrid: keyword + vector; keyword: FTS5 only; vector: embeddings only. */
    mode: z.enum(["hybrid", "keyword", "vector"]).default("hybrid"),
    /** Each list contributes limit x this many candidates before fusion and MMR. */
    candidateMultiplier: z.number().int().min(1).max(100).default(5),
    keyword: z
      .object({
        /** BM25 column weights: the heading path is short and telling, so it counts more. */
        headingWeight: z.number().min(0).max(100).default(2),
        bodyWeight: z.number().min(0).max(100).default(1),
        /**
         * The share of a result's score that rides on its keyword coverage (the idf-weighted
         * share of the query's words it contains, as the floor measures it): the score is
         * multiplied by (1 − this) + this × coverage. BM25 adds up its terms, so a chunk that
         * repeats one rare word can outscore one holding every word of the question once, and
         * the vector share is blind to which words a chunk holds; this is Lucene's old coord
         * factor, made gentle. LoCoMo R@1 without adversarial: hybrid 0.679 → 0.685, keyword
         * 0.673 → 0.677; SciFact nDCG@10 hybrid 0.695 → 0.698 (README, "Search quality").
         * 0: off. Not applied in vector mode.
         */
        coverageWeight: z.number().min(0).max(1).default(0.2),
        /**
         * A question asking how much ("how much did the repair cost", "whats the price of")
         * multiplies the score of a chunk where a line holding one of its words states an
         * amount of money ("85 euro", "£180", "1,386") by this (factors/amount-boost.ts), as
         * dates.whenBoost does for a time. 1: off.
         */
        amountBoost: z.number().min(1).max(100).default(1.25),
        /**
         * BM25 computed by the engine (bm25.ts) over FTS5's candidates instead of FTS5's
         * bm25(): the same formula with Lucene's idf, which stays positive for a word in more
         * than half the chunks (FTS5 gives such a word 0, so in a small workspace the words
         * a question is about can count for nothing). k1 and b default to FTS5's own values,
         * so the idf is the only change; Anserini's BEIR values (0.9, 0.4) measured within
         * noise of them (README, "Search quality"). Costs about 2 ms per search (7,000
         * chunks). false: FTS5's bm25() as before.
         */
        bm25: z
          .object({
            enabled: z.boolean().default(true),
            k1: z.number().min(0).max(10).default(1.2),
            b: z.number().min(0).max(1).default(0.75),
          })
          .strict()
          .prefault({}),
      })
      .strict()
      .prefault({}),
    fusion: z
      .object({
        method: z.enum(["weighted", "rrf"]).default("weighted"),
        /** Vector share of the weighted sum. Unset: the per-model default (DEFAULT_VECTOR_WEIGHTS). */
        vectorWeight: z.number().min(0).max(1).optional(),
        rrfK: z.number().positive().default(60),
        keywordNorm: z.enum(["max", "minmax"]).default("max"),
        vectorNorm: z.enum(["max", "minmax"]).default("minmax"),
        /**
         * Scale each vector score by min(1, cosine / the model's evidence level) (fuse.ts),
         * so a list of weak neighbours cannot weigh as much as a list of close ones. With
         * USE-lite: LoCoMo multi-hop R@3 0.491 → 0.504 (keyword-only 0.497), R@1 without
         * adversarial 0.657 → 0.658; SciFact nDCG@10 0.7011 → 0.7010.
         */
        scaleByCosine: z.boolean().default(true),
        /**
         * Give every keyword candidate its cosine too, not only those among the nearest
         * neighbours (fuse.ts otherwise counts a missing cosine as 0).
         */
        vectorForEveryCandidate: z.boolean().default(true),
      })
      .strict()
      .prefault({}),
    recency: z
      .object({
        enabled: z.boolean().default(true),
        halfLifeDays: z.number().positive().default(30),
        /**
         * Share of the score an arbitrarily old note keeps (see recency.ts). Measured on
         * LoCoMo, whose questions are spread evenly over the past: floor 0.7 cost 2.8 points
         * of R@1, 0.85 cost 1.4, 0.95 cost 0.4. 0.9 keeps recency a tie-breaker (newer
         * wins among near-equals, as an assistant's user expects) at about a point.
         */
        floor: z.number().min(0).max(1).default(0.9),
      })
      .strict()
      .prefault({}),
    mmr: z
      .object({
        /** 1 = pure relevance, lower = more diversity. */
        lambda: z.number().min(0).max(1).default(0.7),
        /**
         * Similarity assumed between two chunks of the same file (at least): a second chunk
         * of a note already shown must earn its place against other notes.
         */
        sameFileSimilarity: z.number().min(0).max(1).default(1),
        /**
         * Diversity never puts a result above one whose score is higher by more than this:
         * people read a list as best first, and the score is what they see.
         */
        maxScoreGap: z.number().min(0).max(1).default(0.1),
      })
      .strict()
      .prefault({}),
    /**
     * The newer of two twins first (pipeline/newer-twin.ts): two results giving the slot the
     * query names different values, the newer goes right above the older, without a stored
     * link. minSharedQuery: share of the query's term weight both must carry; minSharedTerms:
     * how many of its terms, at least.
     */
    twins: z
      .object({
        enabled: z.boolean().default(true),
        minSharedQuery: z.number().min(0).max(1).default(0.3),
        minSharedTerms: z.number().int().min(1).max(10).default(2),
      })
      .strict()
      .prefault({}),
    dates: z
      .object({
        /** boost: dated notes inside a date the query names rank higher; filter: only those; off. */
        mode: z.enum(["boost", "filter", "off"]).default("boost"),
        boost: z.number().min(1).max(100).default(2),
        /**
         * A question asking when ("when did…", "how long…") multiplies the score of a chunk
         * whose best-matching line states a time ("yesterday", "last May", "in 2019") by this,
         * and divides by it the score of a chunk of an undated file (MEMORY.md) whose
         * best-matching line states none (factors/when-boost.ts). 1: off.
         */
        whenBoost: z.number().min(1).max(100).default(1.25),
        /**
         * The date phrase counts as one more query term: the notes of that time match it, and
         * it weighs its idf (Lucene's, from how many chunks are dated in the range), added to
         * their BM25. Without it a note of the named month that shares few words with the
         * question can sit below an unrelated month's notes that share more, however strong
         * the date boost, which multiplies a small score. LoCoMo: recall@5 0.855 → 0.862
         * (keyword) and 0.858 → 0.866 (hybrid), recall@1 unchanged.
         */
        asTerm: z.boolean().default(true),
        /** IANA zone for "yesterday", "last week"...; default: the machine's. */
        timeZone: TimeZoneSchema.optional(),
      })
      .strict()
      .prefault({}),
    /**
     * The relevance floor (evidence.ts): a result is returned only when it is evidence,
     * i.e. its keyword coverage or its cosine reaches these absolute levels. When nothing
     * does, search answers with no results and a reason.
     */
    floor: z
      .object({
        enabled: z.boolean().default(true),
        /**
         * IDF-weighted share of the query's content words a chunk must contain. 0.15: the
         * highest level on a 0.05 grid that cost at most 1 point of recall@5 on both
         * LoCoMo and SciFact (README, "Search quality").
         */
        keywordCoverage: z.number().min(0).max(1).default(0.15),
        /** Cosine a chunk must reach by meaning alone; unset: the level calibrated for the model. */
        vectorCosine: z.number().min(-1).max(1).optional(),
        /** Results scoring below this are left out (what --min-score sets per query). */
        minScore: z.number().min(0).optional(),
      })
      .strict()
      .prefault({}),
    /**
     * Opt-in second stage (rerank.ts): a model reads the first `candidates` results and they
     * are reordered by its judgment. `provider` "llm": the configured LLM (the `llm` section)
     * grades them in one call, as long as the model takes to read them; "cross-encoder": a
     * reranker model run by transformers.js scores each (question, passage) pair, a model a
     * hundred times smaller than such an LLM. Off by default (no model ships with the engine);
     * `agent search --rerank` turns it on for one query. When the model cannot be used the
     * first stage's order is kept and the answer says why.
     */
    rerank: z
      .object({
        enabled: z.boolean().default(false),
        provider: z.enum(["llm", "cross-encoder"]).default("llm"),
        /** provider "cross-encoder": which model, and where its folder is. */
        crossEncoder: z
          .object({
            /** Hugging Face id, as `agent models pull` takes it. */
            model: z.string().min(1).default("Xenova/ms-marco-MiniLM-L-6-v2"),
            /**
             * The model's folder, or a root holding <org>/<name>/ folders. Default: the models
             * folder ($AGENT_MODELS_DIR, else ~/.cache/agent/models). Relative to the workspace.
             * A path ending in .gguf is a reranker GGUF file (Qwen3-Reranker, bge-reranker),
             * run by node-llama-cpp; `model` and `dtype` then do not apply.
             */
            modelPath: z.string().min(1).optional(),
            /** GGUF only: threads that evaluate tokens. Default: the machine's cores. */
            threads: z.number().int().positive().optional(),
            /** Which ONNX file: fp32 is onnx/model.onnx, q8 onnx/model_quantized.onnx. */
            dtype: z.enum(["fp32", "fp16", "q8", "int8", "uint8", "q4"]).default("fp32"),
            /**
             * With dropUnrelated, results the model scores below this relevance (0..1: the
             * sigmoid of its logit) are left out. Not calibrated on the development data: no
             * reranker model could be run where this was built.
             */
            minRelevance: z.number().min(0).max(1).default(0.01),
          })
          .strict()
          .prefault({}),
        /**
         * First-stage results the model reads, from the top. A search for more than this
         * gets the rest after them, in first-stage order; for fewer, the model still reads
         * this many and the best graded are returned.
         */
        candidates: z.number().int().min(1).max(50).default(10),
        /** Leave out what the model grades unrelated (0, or below crossEncoder.minRelevance); all of them: no results, with a reason. */
        dropUnrelated: z.boolean().default(true),
        /** Characters of each result's text sent to the model; fewer when its context window is small. */
        maxPassageChars: z.number().int().min(100).max(8000).default(800),
        timeoutMs: z.number().int().positive().default(120_000),
      })
      .strict()
      .prefault({}),
    /**
     * How a long-lived process (the daemon, `agent mcp` serving alone) finds the nearest
     * vectors. quantized: a copy in memory, the float vectors plus one sign bit per
     * dimension; the sign bits pick a few thousand windows and only those are scored, with
     * the exact cosine (store/vector-memory.ts). exact: sqlite-vec's scan of every vector. A one-off command always scans exactly: loading the copy would
     * cost more than it saves.
     */
    vectorIndex: z.enum(["quantized", "exact"]).default("quantized"),
    /**
     * No longer used: a search embeds only its own query and never waits for notes' vectors
     * (the daemon or `agent index` embeds them). Still accepted so that older configs load,
     * with a warning (engine/config.ts NO_EFFECT); not shown by `agent config`.
     */
    autoEmbedLimit: z.number().int().min(0).optional(),
  })
  .strict();

export type SearchConfig = z.output<typeof SearchConfigSchema>;

