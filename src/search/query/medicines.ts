/**
 * The words people type for what they take ("what tablets is mum on", "what painkillers is
 * dad on") and the names their notes write instead: "GP put him on naproxen", "starting her
 * on donepezil 5mg". A note names the medicine, never its class, so a class word stands for
 * the common ones by name (searched as one term with it, query/forms.ts).
 *
 * Only the informal words of a person asking about their own or their family's medicines are
 * listed: "drug", "medicine" and "treatment" are the words of a paper or a claim (SciFact asks
 * "drugs reduce…" of abstracts naming dozens), where a class standing for names would match
 * every abstract that names one.
 */

/** Painkillers, the ones a GP or a chemist's shelf gives for pain. */
const PAINKILLERS = [
  "paracetamol", "ibuprofen", "naproxen", "aspirin", "codeine", "codamol", "codydramol", "tramadol",
  "diclofenac", "morphine", "oxycodone", "gabapentin", "pregabalin", "amitriptyline", "nurofen", "calpol",
];

/** The medicines of a household's notes: the painkillers and the common prescriptions. */
const PRESCRIBED = [
  ...PAINKILLERS,
  "sertraline", "citalopram", "fluoxetine", "mirtazapine", "venlafaxine", "donepezil", "memantine",
  "rivastigmine", "galantamine", "omeprazole", "lansoprazole", "metformin", "atorvastatin", "simvastatin",
  "statins", "amlodipine", "ramipril", "lisinopril", "losartan", "bisoprolol", "atenolol", "propranolol",
  "furosemide", "levothyroxine", "warfarin", "apixaban", "rivaroxaban", "clopidogrel", "salbutamol",
  "prednisolone", "amoxicillin", "doxycycline", "flucloxacillin", "clarithromycin", "nitrofurantoin",
  "trimethoprim", "antibiotics", "cetirizine", "loratadine", "melatonin", "zopiclone", "diazepam",
  "quetiapine", "risperidone", "methotrexate",
];

const CLASSES = new Map<string, readonly string[]>([
  ["painkiller", PAINKILLERS],
  ["painkillers", PAINKILLERS],
  ...["tablet", "tablets", "pill", "pills", "meds", "medication", "medications", "prescription"].map((w) => [w, PRESCRIBED] as const),
]);

/** The medicines a class word stands for ("tablets" → donepezil, naproxen…); none for any other word. */
export function medicineNames(word: string): readonly string[] {
  return CLASSES.get(word) ?? [];
}
