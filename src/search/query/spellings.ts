/**
 * Words written more than one way: the informal clippings of chat and personal notes
 * ("my fave", "a pic", "the biz", "bday"), the short forms people jot in their own notes
 * ("£24.50 an hr", "6 wks", "this wknd", "dentist appt"), and British against American spelling ("colour",
 * "tumour", "organise"). A question asks "What is Gina's favorite style of dance?" and the
 * note says "contemporary is my fave"; a claim says "tumor" and the abstract "tumour". The
 * stemmer joins neither, so each word of a group stands for all of them in a query.
 *
 * Only true variants of one word are listed, never synonyms ("kids" / "children" cost
 * LoCoMo multi-hop recall when tried), and a clipping is left out when it is more often
 * another word: "ad" (anno Domini), "app" (a job application is not an app), "doc"
 * (doctor, document), "lab" (the dog), "vet" (veteran), "mag" (magnesium), "bio"
 * (a biography), "reno" (the city), "stats" (STAT proteins), "tire" (to tire). "fam" for
 * "family" was tried and cost LoCoMo single-hop R@1: "family" is in too many notes.
 */
const TABLE = `favorite favourite fave fav|picture pic|photograph photo|business biz|conversation convo|
birthday bday|congratulations congrats|information info|vacation vacay|refrigerator fridge|
mathematics math maths|television tv|telephone phone|microphone mic|gymnasium gym|examination exam|
professor prof|mother mom mum|father dad|grandmother grandma|grandfather grandpa|sister sis|
brother bro|husband hubby|kid kiddo|puppy pup|tournament tourney|vegetable veggie|
university uni|graduate grad|undergraduate undergrad|champion champ|video vid|bicycle bike|
influenza flu|limousine limo|condominium condo|psychology psych|
rehabilitation rehab|demonstration demo|session sesh|sessions seshes|
hour hr|hours hrs|minutes mins|week wk|weeks wks|weekend wknd|weekends wknds|appointment appt|
appointments appts|account acct|accounts accts|reference ref|references refs|tomorrow tmrw tmw|year yr|years yrs|hospital hosp|approximately approx|
color colour|flavor flavour|honor honour|humor humour|labor labour|neighbor neighbour|
behavior behaviour|harbor harbour|rumor rumour|vapor vapour|tumor tumour|theater theatre|
center centre|fiber fibre|liter litre|meter metre|organize organise|organization organisation|
realize realise|recognize recognise|apologize apologise|analyze analyse|paralyze paralyse|
catalog catalogue|dialog dialogue|jewelry jewellery|gray grey|cozy cosy|pajamas pyjamas|
traveled travelled|traveling travelling|traveler traveller|canceled cancelled|modeling modelling|
signaling signalling|labeled labelled|defense defence|offense offence|license licence|
anemia anaemia|anemic anaemic|anesthesia anaesthesia|edema oedema|estrogen oestrogen|
esophagus oesophagus|esophageal oesophageal|fetal foetal|fetus foetus|hemoglobin haemoglobin|
hemorrhage haemorrhage|hematopoietic haematopoietic|hematological haematological|leukemia leukaemia|
pediatric paediatric|orthopedic orthopaedic|diarrhea diarrhoea|gynecology gynaecology|
hemodialysis haemodialysis|ischemia ischaemia|ischemic ischaemic`;

/** Each word → its group, itself first. */
const VARIANTS = new Map<string, string[]>();
for (const group of TABLE.replace(/\s*\n\s*/g, "").split("|")) {
  const words = group.trim().split(/\s+/);
  for (const w of words) if (!VARIANTS.has(w)) VARIANTS.set(w, [w, ...words.filter((x) => x !== w)]);
}

/** The spellings `word` stands for in a query (itself first): see above. */
export function spellingVariants(word: string): string[] {
  return VARIANTS.get(word) ?? [word];
}
