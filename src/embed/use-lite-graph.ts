/**
 * USE-lite's graph run by TF.js's synchronous executor instead of its asynchronous one.
 *
 * The model has two `Where` nodes (a dynamic output shape), so the library calls
 * `executeAsync`, which walks the whole graph again on every call: it finds the subgraph,
 * queues each of the ~256 nodes, counts their consumers and awaits a promise per node. For one
 * short query that walk is as much CPU as the matrix products it drives, and it leaves ~3.6 MB
 * of garbage (docs/performance.md). The synchronous `execute` compiles the node order once per
 * set of inputs and outputs and then only runs the kernels; it refuses a graph with a dynamic
 * node, but takes any node's tensor as an input, and a node given as an input is never run.
 * So each `Where` is computed here, exactly as the executor would (its condition cast to bool,
 * then `whereAsync`), between synchronous runs: up to the first `Where`'s condition, then to
 * the next with the first given, then to the output with both. The recomputed part before the
 * second `Where` is ~15 cheap nodes; every kernel and its inputs are the same, so the vectors
 * are the same bits (the worker checks its first batch against the library's own path and
 * keeps to that path if they differ, or if anything here throws).
 *
 * The function is self-contained (no imports, no outer names): the worker thread's source is
 * a string, and this function goes into it as its own text (`makeGraphRunner.toString()`).
 */

/** What this reads of a tensor (TF.js's own type lives in a package the engine does not import). */
export interface GraphTensor {
  readonly shape: number[];
  dataSync(): ArrayLike<number>;
  dispose(): void;
}

/** A node of TF.js's parsed graph (`GraphModel.executor.graph.nodes`). */
export interface GraphNode {
  name: string;
  op: string;
  inputs: GraphNode[];
  inputNames: string[];
  attrParams: Record<string, unknown>;
}

/** The parts of @energetic-ai/core (TF.js) used here. */
export interface GraphCore {
  tensor2d(values: Int32Array, shape: [number, number], dtype: "int32"): GraphTensor;
  tensor1d(values: Int32Array, dtype: "int32"): GraphTensor;
  cast(x: GraphTensor, dtype: "bool"): GraphTensor;
  whereAsync(condition: GraphTensor): Promise<GraphTensor>;
}

/** The parts of the library's loaded model used here. */
export interface GraphEmbeddingsModel {
  tokenizer: { encode(text: string): number[] };
  model: {
    outputNodes?: string[];
    executor?: { graph?: { nodes?: Record<string, GraphNode> } };
    execute(inputs: Record<string, GraphTensor>, outputs: string): GraphTensor;
  };
}

/** Embeds a batch: rows (one per text) of the model's raw output, row after row. */
export type GraphRunner = (texts: string[]) => Promise<{ rows: number; flat: Float32Array }>;

/** A runner over the model's graph, or null when the graph is not one this can run. */
export function makeGraphRunner(core: GraphCore, model: GraphEmbeddingsModel): GraphRunner | null {
  const g = model.model;
  const nodes = g.executor?.graph?.nodes;
  const output = g.outputNodes?.length === 1 ? g.outputNodes[0] : undefined;
  if (nodes === undefined || output === undefined || typeof g.execute !== "function" || typeof core.whereAsync !== "function") return null;
  const ancestors = (n: GraphNode): Set<GraphNode> => {
    const seen = new Set<GraphNode>();
    const stack = [...n.inputs];
    while (stack.length > 0) {
      const x = stack.pop()!;
      if (seen.has(x)) continue;
      seen.add(x);
      stack.push(...x.inputs);
    }
    return seen;
  };
  const wheres = Object.values(nodes).filter((n) => n.op === "Where");
  if (wheres.some((w) => w.inputNames.length !== 1)) return null;
  // A Where that depends on another has strictly more Wheres among its ancestors: this order
  // computes each one's condition after every Where it needs.
  const before = new Map(wheres.map((w) => [w, [...ancestors(w)].filter((a) => a.op === "Where").length]));
  wheres.sort((a, b) => before.get(a)! - before.get(b)!);
  // For the length of one synchronous run, the Wheres are not dynamic to the compiler (it
  // checks node.op) and their given tensor (int32 indices) passes the input check (it checks
  // their `dtype` attribute, which is their condition's type). Restored before anything else
  // runs: the library's executeAsync never sees the change.
  const run = (feed: Record<string, GraphTensor>, out: string): GraphTensor => {
    const saved = wheres.map((w) => w.attrParams);
    for (const w of wheres) {
      w.op = "WhereGiven";
      const { dtype: _conditionType, ...rest } = w.attrParams;
      w.attrParams = rest;
    }
    try {
      return g.execute(feed, out);
    } finally {
      wheres.forEach((w, i) => {
        w.op = "Where";
        w.attrParams = saved[i]!;
      });
    }
  };
  return async (texts) => {
    // The model's input as the library builds it: one sparse row per text, its pieces in order.
    // Flat typed arrays rather than an array per piece: the same values, none of the garbage.
    const encodings = texts.map((t) => model.tokenizer.encode(t));
    let pieces = 0;
    for (const e of encodings) pieces += e.length;
    const at = new Int32Array(pieces * 2);
    const ids = new Int32Array(pieces);
    let k = 0;
    encodings.forEach((e, i) => {
      for (let j = 0; j < e.length; j++, k++) {
        at[2 * k] = i;
        at[2 * k + 1] = j;
        ids[k] = e[j]!;
      }
    });
    const indices = core.tensor2d(at, [pieces, 2], "int32");
    const values = core.tensor1d(ids, "int32");
    const feed: Record<string, GraphTensor> = { indices, values };
    try {
      for (const w of wheres) {
        const condition = run(feed, w.inputNames[0]!);
        // Each tensor is freed whichever kernel throws (a worker stops a background run for a query).
        try {
          const asBool = core.cast(condition, "bool");
          try {
            feed[w.name] = await core.whereAsync(asBool);
          } finally {
            asBool.dispose();
          }
        } finally {
          condition.dispose();
        }
      }
      const out = run(feed, output);
      try {
        const data = out.dataSync();
        const flat = data instanceof Float32Array && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : Float32Array.from(data);
        return { rows: out.shape[0] ?? 0, flat };
      } finally {
        out.dispose();
      }
    } finally {
      for (const t of Object.values(feed)) t.dispose();
    }
  };
}
