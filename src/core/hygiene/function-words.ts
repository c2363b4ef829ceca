// Function words (articles, pronouns, prepositions, conjunctions, auxiliaries) of the languages
// the real corpora are written in: English, French, and the commonest of German and Spanish.
// They say nothing about what a note is about, and a long note holds nearly all of them, so
// they are left out of the vocabularies that decide whether two notes share a subject
// (vocabulary.ts). Lower case, as `wordsOf` gives words (`don't` is one word; `e.g.` is `e`
// and `g`; a French elision stays glued to its word, `l'application`).

export const FUNCTION_WORDS: readonly string[] = `
  a about above after again against all also am an and any are aren't as at be because been
  before being below between both but by can can't cannot could couldn't did didn't do does
  doesn't doing don't down during each either etc even ever every few for from further had hadn't
  has hasn't have haven't having he her here hers herself him himself his how however i if in
  into is isn't it it's its itself just let's me might more most must mustn't my myself neither
  no nor not now of off often on once only or other others otherwise our ours ourselves out over
  own per quite rather same shall she should shouldn't since so some such than that that's the
  their theirs them themselves then there there's these they this those though through thus to
  too under until up upon us very via was wasn't we were weren't what when where whether which
  while who whom whose why will with within without won't would wouldn't yet you your yours
  yourself yourselves e g ie eg s t le la les l un une des du de d et ou où mais donc ni car ce
  cet cette ces c ça cela ceci il elle ils elles nous vous je j tu m te se lui leur leurs mon ma
  mes ton ta tes son sa ses notre nos votre vos qui que qu quoi dont en y à au aux dans par pour
  sur sous avec sans chez entre vers est sont être été était ont avoir ai avez avons ne pas plus
  moins très aussi comme si tout tous toute toutes même autre autres n der die das den dem ein
  eine einer eines einem einen und oder aber nicht ist sind war mit von zu zum zur im auf für als
  auch es er sie wir ihr ich wie wenn el los las una unos unas o pero con por para del al lo
`
  .split(/\s+/)
  .filter(word => word !== '')
