/**
 * English irregular verbs, base / past / past participle. A question asks "When did Caroline
 * go to the support group?" and the note says "I went to a support group yesterday": the
 * stemmer cannot join "go" and "went", so the one word the question and its answer share
 * in meaning is lost. A question asks with the base form ("did … go", "will … buy") and a
 * note tells in the past, so a base form stands for all of the verb's forms; a past form
 * ("made", "gone") stands for the past forms only: the note of the event says them already,
 * and the base form of a common verb ("make", "get") is in many notes about other things.
 *
 * Left out on purpose, because a form is far more often another word: bear/bore/born (the
 * animal, "born"), lie/lay/lain and lay/laid (each other), wind/wound, grind/ground,
 * rise/rose (the flower), saw (the tool, as a base form), and the verbs the stop words
 * already drop (be, do, have). Forms equal to the base (cut, put, read) add nothing.
 */
const TABLE = `arise arose arisen|awake awoke awoken|beat beat beaten|become became|begin began begun|bend bent|
bet|bind bound|bite bit bitten|bleed bled|blow blew blown|break broke broken|breed bred|bring brought|build built|
burn burnt burned|buy bought|catch caught|choose chose chosen|cling clung|come came|creep crept|deal dealt|dig dug|
draw drew drawn|dream dreamt dreamed|drink drank drunk|drive drove driven|eat ate eaten|fall fell fallen|feed fed|
feel felt|fight fought|find found|flee fled|fly flew flown|forbid forbade forbidden|forget forgot forgotten|
forgive forgave forgiven|freeze froze frozen|get got gotten|give gave given|go went gone|grow grew grown|hang hung|
hear heard|hide hid hidden|hold held|keep kept|kneel knelt|know knew known|lead led|leap leapt|learn learnt learned|
leave left|lend lent|light lit|lose lost|make made|mean meant|meet met|pay paid|ride rode ridden|ring rang rung|
run ran|say said|see saw seen|seek sought|sell sold|send sent|sew sewed sewn|shake shook shaken|shine shone|
shoot shot|show showed shown|shrink shrank shrunk|sing sang sung|sink sank sunk|sit sat|sleep slept|slide slid|
speak spoke spoken|speed sped|spend spent|spin spun|spring sprang sprung|stand stood|steal stole stolen|stick stuck|
sting stung|stink stank stunk|strike struck|swear swore sworn|sweep swept|swim swam swum|swing swung|take took taken|
teach taught|tear tore torn|tell told|think thought|throw threw thrown|understand understood|wake woke woken|
wear wore worn|weave wove woven|weep wept|win won|write wrote written`;

/** Each form → the forms it stands for, itself first. */
const FORMS = new Map<string, string[]>();
for (const group of TABLE.replace(/\s*\n\s*/g, "").split("|")) {
  const [base, ...past] = group.trim().split(/\s+/) as [string, ...string[]];
  const pastForms = [...new Set(past)].filter((f) => f !== base);
  if (pastForms.length === 0) continue;
  if (!FORMS.has(base)) FORMS.set(base, [base, ...pastForms]);
  for (const f of pastForms) if (!FORMS.has(f)) FORMS.set(f, [f, ...pastForms.filter((g) => g !== f)]);
}
// "saw" is searched as "see" only when the query says "see" or "seen", never for the tool.
FORMS.delete("saw");

/** The forms `word` stands for in a query (itself first): see above. */
export function verbForms(word: string): string[] {
  return FORMS.get(word) ?? [word];
}


/** The past forms of the table ("went", "gone", "bought"), besides the base forms. */
const PAST = new Set(
  TABLE.replace(/\s*\n\s*/g, "")
    .split("|")
    .flatMap((group) => group.trim().split(/\s+/).slice(1)),
);
for (const group of TABLE.replace(/\s*\n\s*/g, "").split("|")) PAST.delete(group.trim().split(/\s+/)[0]!);

/**
 * Whether a query word is a verb's past form: an irregular one of the table ("fought",
 * "bought"), or a regular "-ed" / "-ied" word of 5 letters or more ("fixed", "married");
 * "-eed" ("speed", "need") and short words ("bed", "shed") are not. Some adjectives pass
 * ("naked"): they name a state as a verb's past does, not a thing.
 */
export function isPastForm(word: string): boolean {
  if (PAST.has(word)) return true;
  return word.length >= 5 && /^[a-z]+(?:[^e]ed|ied)$/.test(word);
}
