import { z } from "zod";
import { isValidTimeZone } from "./time.js";
/**
 * A time zone name Intl understands, for every config section with a `timeZone` key: checked
 * when the config is read, so a bad name is reported with its file and key (configSection)
 * instead of failing later, deep inside a date computation, without saying where it came from.
 * Apart from time.ts so that code computing dates does not load the schema library.
 */
export const TimeZoneSchema = z
    .string()
    .min(1)
    .refine(isValidTimeZone, { message: 'not a time zone name this system knows (expected e.g. "Europe/Berlin" or "UTC")' });
//# sourceMappingURL=time-zone-schema.js.map