/**
 * Words that never say what a question is about, in two strengths.
 *
 * NON_EVIDENCE: the README's non-evidence classes (how much or how many, when or how often,
 * the question words as people type them without an apostrophe). They are dropped from the
 * query's terms like stop words: "how much is my rent" is about rent, and "much" must weigh
 * nothing in BM25 or in the coverage, not 3 idf points in a small workspace.
 *
 * GENERIC: words that are searched (they rank: "when is the car inspection due" is helped by
 * "due") but cannot be a result's only evidence: everyday verbs any narrative is full of
 * ("said", "see", "book"), words of price, and nouns that name a slot rather than a topic
 * ("number", "name", "due"). A result that matched only these shares no topic with the
 * question: "what is my passport number" must not return a note on a phone number.
 */

/** Quantity, time and misspelled question words: never a query's content (query.ts drops them). */
export const NON_EVIDENCE: ReadonlySet<string> = new Set(
  (
    // how much, how many
    "much many lot lots plenty several enough " +
    // when, how often
    "now currently recently lately ever often usually sometimes soon yet still already time times " +
    // question words and contractions typed without the apostrophe
    "whats wheres whens whos hows whys whatre wat im ive dont didnt doesnt cant wont isnt arent wasnt " +
    "werent hasnt havent hadnt shouldnt wouldnt couldnt thats theres youre theyre"
  ).split(" "),
);

/**
 * Everyday verbs that any narrative is full of ("they said", "see you then", "a book on the
 * shelf"): "what did the plumber say" is about the plumber, and a note where someone said
 * something shares nothing with it. Each with its forms; the query term is the word as asked.
 */
const EVERYDAY_VERBS =
  "say says said saying tell tells told telling see sees saw seen seeing look looks looked looking " +
  "get gets got gotten getting go goes went gone going come comes came coming make makes made making " +
  "take takes took taken taking give gives gave given giving put puts putting know knows knew known knowing " +
  "think thinks thought thinking want wants wanted wanting need needs needed needing like likes liked " +
  "use uses used using try tries tried trying ask asks asked asking keep keeps kept keeping " +
  "find finds found finding show shows showed shown showing seem seems seemed feel feels felt feeling " +
  "leave leaves left leaving book books booked booking call calls called calling " +
  // "when did I last …" asks about the last time, and "the last of the parmesan" is not it.
  "last next";

/** What something costs: "how much did the piano lessons cost" is about piano lessons. */
const PRICE_WORDS = "cost costs costing price prices amount pay paid little less least bit";

/**
 * Nouns and adjectives that name a slot of an answer, not its topic: "number" of a passport,
 * "name" of a dog, the day something is "due", a "new" job.
 */
const SLOT_WORDS = "number numbers name names due thing things stuff kind type sort way new old day days date";

/**
 * Words that frame a question about one's own notes rather than name a topic: "anything on
 * my calendar in December", "is anything important happening on 4 December".
 */
const FRAME_WORDS = "calendar schedule agenda diary plan plans planned planning important note notes remember";

/**
 * Words that carry no topic at all: a result whose only matched words are these is no
 * keyword evidence even for a question that has nothing more specific to ask.
 */
export const NO_TOPIC: ReadonlySet<string> = new Set(`${EVERYDAY_VERBS} ${PRICE_WORDS}`.split(" "));

/**
 * Searched words that are never a result's only evidence when the question has a more
 * specific word (see the header): "what is my name" may find a name, "what is my passport
 * number" must not find a phone number.
 */
export const GENERIC: ReadonlySet<string> = new Set([...NO_TOPIC, ...SLOT_WORDS.split(" "), ...FRAME_WORDS.split(" ")]);
