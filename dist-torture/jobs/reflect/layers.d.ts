/**
 * The three layers (Core Identity / Active Values / Recent Growth) are the shape reflection
 * writes into, never a reason to refuse a SOUL. Pure functions over strings.
 *
 * The mapping rule, for a SOUL.md that lacks one or more layers (hand-written, a SOUL from
 * another tool, a list, a paragraph):
 *   - a heading that names a layer, whatever its level, case, numbering or trailing colon
 *     ("### 2. active values:"), is that layer; its section stays as it is, under the
 *     canonical heading, and reflection may revise it like any layer;
 *   - everything else the person wrote (text before the first heading, and every section
 *     under another heading, with its heading) is kept word for word, in its order, as ONE
 *     locked block at the top of the SOUL, so no model rewrites or drops it: locked blocks
 *     come back byte-identical or the proposal is refused. Removing the two markers by hand
 *     hands that text over to reflection;
 *   - the missing layers are added empty, in order, for reflection to fill.
 * Restructuring is not a change the model made, so the change budget of a mapped run counts
 * only lines of the mapped SOUL the model removed or rewrote (see removedLineShare); what it
 * adds into the new, empty layers is not counted.
 */
import { SOUL_LAYERS } from "./soul-safety.js";
/** The layer a heading's title names ("2. Active values:", "**RECENT GROWTH**"), or undefined. */
export declare function layerOf(title: string): (typeof SOUL_LAYERS)[number] | undefined;
export interface MappedSoul {
    /** The SOUL in the three-layer shape; equal to the input when nothing had to move. */
    text: string;
    /** True when the input lacked layers and was mapped by the rule above. */
    mapped: boolean;
    /** Layer headings that were renamed to their canonical spelling or moved into order. */
    renamed: boolean;
}
/** Applies the mapping rule; a SOUL that has the three layers comes back as it is. */
export declare function mapToLayers(text: string): MappedSoul;
/**
 * A model's SOUL with its layer headings spelled canonically ("## 1. CORE IDENTITY:" ->
 * "## Core Identity") and the layers in order, each moved with everything under it. Text
 * before the first layer stays first. Used on replies, so a small model's numbering, case or
 * order is not a reason to refuse its SOUL.
 */
export declare function canonicalLayers(text: string): MappedSoul;
