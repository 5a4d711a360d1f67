/**
 * Imported first by the library's entry (src/index.ts) for its side effect: on a Node.js too
 * old to run the engine, importing the library fails with one line naming the version found
 * and the supported lines, before any engine module (and the SQLite binding, which crashes
 * there) is evaluated.
 */
import { unsupportedNodeMessage } from "./node-version.js";

const refused = unsupportedNodeMessage();
if (refused !== undefined) throw new Error(refused);
