/**
 * A dose: a count of a medicine's measure ("2 puffs", "one tablet", "5 ml", "3 pumps"). Its unit
 * says what the value is, as a phone number's kind does, so one rare word of whose medicine it is
 * ("the brown one", "Clenil", "Leo") names its slot; the times it is taken at ("morning and
 * night", "twice a day") are its schedule, not what it is of, and they change with it. Pure.
 */
import type { StatedValue } from "./statements.js";

/** A medicine's measures, as the value readers stem them. */
const DOSE_UNITS = new Set(["puff", "tablet", "pill", "capsul", "drop", "spray", "pump", "sachet", "spoon", "teaspoon", "ml", "mg", "dose", "injection", "patch", "inhalation"]);

/** Whether a value is a dose of a medicine. */
export const isDose = (v: StatedValue): boolean => v.type !== "money" && v.type !== "date" && DOSE_UNITS.has(v.unit);
