/**
 * The words small-company sites use for the facts a listing needs, in the languages the rules
 * drafter reads: English, German, French, Spanish, Italian, Dutch and Portuguese. Written as stems
 * where a language inflects, and matched whole-word (a letter may not touch either end).
 */

/** A pattern matching any of `alternatives` as whole words, case-insensitively. */
export function wholeWords(alternatives: string, flags = 'iu'): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, flags);
}

/** Verbs (and nouns) of founding a company, every form a sentence about it uses. */
export const foundingWords = [
  // en ("founding" is left out: a founding engineer is an early hire)
  '(?:co-?)?founded',
  'started',
  'established',
  'launched',
  'created',
  'set up',
  'made by',
  // de: "gegründet", "gründeten", "Gründung", "ins Leben gerufen"
  '(?:mit)?(?:be)?gegründete[nmrs]?',
  '(?:mit)?(?:be)?gegründet',
  '(?:mit)?gründete(?:n|st)?',
  '(?:mit)?begründete(?:n)?',
  'gründen',
  'gründung',
  'ins leben gerufen',
  // fr
  '(?:co-?)?fond(?:é|ée|és|ées|a|èrent|ons)',
  'cré(?:é|ée|és|ées|a|èrent)',
  'lancé(?:e|s|es)?',
  'lança',
  'fonder',
  // es, pt
  '(?:co-?)?fund(?:ó|aron|é|amos|ámos|ada|ado|adas|ados|ou|aram)',
  'cre(?:ó|aron|amos|ada|ado|adas|ados)',
  'cri(?:ou|aram|amos|ámos|ada|ado|adas|ados)',
  'lanz(?:ó|aron|amos|ada|ado)',
  'lanç(?:ou|aram|amos|ámos|ada|ado)',
  'de la mano de',
  'pelas mãos de',
  'fundar',
  // it
  '(?:co-?)?fond(?:ata|ato|ati|ate|ò|arono|ammo|iamo)',
  'cre(?:ata|ato|ati)',
  'lanciat[aoie]',
  'avviat[aoie]',
  'fondare',
  "un'idea di",
  // nl: "opgericht", "oprichtten", "richtten ... op", "opgezet", "opzette"
  'opgericht',
  'op(?:ge)?richt(?:te|ten)?',
  'richtte(?:n)?(?: [\\p{L}\\p{N}]+){1,4} op',
  'oprichten',
  'opgezet',
  'opzette(?:n)?',
  'opgestart',
  'begonnen',
].join('|');

/**
 * A company's beginning told as a story ("Tutto è iniziato nel 2019", "a vu le jour en 2019",
 * "Começámos em 2019"): weaker than a founding word, read only where no sentence has one.
 */
export const beginningWords = [
  'began|begun|got started',
  'angefangen|begann(?:en)?|startete(?:n)?|gestartet|an den start gegangen',
  'a vu le jour|(?:a|ont|avons) (?:commencé|démarré|débuté)|a démarré',
  'arranc(?:ó|amos|aron)|empez(?:ó|amos|aron)|comenz(?:ó|amos|aron)|nacimos',
  '(?:è|sono|siamo) (?:iniziat[oaie]|partit[oaie]|nat[ei])|(?:abbiamo|ha) (?:iniziato|cominciato)',
  'begon(?:nen)?|gestart|startte(?:n)?|ontstond|ontstaan',
  'come[çc](?:ou|ámos|amos|aram)|arranc(?:ou|ámos|amos)|nascemos',
].join('|');

/** The company's own story a beginning belongs to: "it all", "alles", "l'aventure", "todo", "tutto", "het begon", "tudo". */
export const storyWords =
  "it all|everything|our story|alles|unsere geschichte|l'aventure|notre histoire|tout|todo|nuestra historia|tutto|la nostra storia|het begon|ons verhaal|tudo|a nossa história";

/** A company's birth ("X est née en 2020", "nació en 2018"): a founding year only when the product is its subject. */
export const birthWords = 'née?|nata|nato|nació|nasceu|geboren|ontstaan|entstanden|est apparue?|vio la luz';

/** A founder's title or a word naming founders: "Co-founder", "Mitgründerin", "cofondatrice", "sócio-fundador", "oprichters". */
export const founderWords =
  '(?:co-?|mit-?|mede-?|sóci[oa]s?-|soci[oa]s?-)?(?:founders?|(?:be)?gründer(?:in|innen)?|fondat(?:eurs?|rices?|ore|ori|rice|rici)|fundador(?:a|es|as)?|oprichters?|oprichtster)|gründerteam';

/**
 * Roles other than founding: advisors, investors, the board, mentors, later hires, the people a
 * legal notice names besides its officers (the person responsible for content, the data protection
 * officer, the hosting provider), customers. A name whose nearest role word is one of these is not
 * a founder. A managing director's title is no such word: founders often hold it ("Gründer &
 * Geschäftsführer"), and a legal notice that names one is not read for founders.
 */
export const otherRoleWords = [
  // en
  'advis\\w*',
  'invest\\w*',
  'backed',
  'board',
  'mentor\\w*',
  'angels?',
  'seed',
  'round',
  'joined',
  'hired',
  'head of',
  'engineer\\w*',
  'designer',
  'employees?',
  'customers?',
  'clients?',
  'hosted',
  // de
  'beirat\\w*',
  'berater\\w*',
  'investor\\w*',
  'prokurist\\w*',
  'verantwortlich\\w*',
  'leitung',
  'leiter\\w*',
  'kund\\w*',
  'mitarbeiter\\w*',
  'verwaltungsrat\\w*',
  'aufsichtsrat\\w*',
  // fr
  'conseil\\w*',
  'investisseu\\w*',
  'parrain\\w*',
  'directeur de la publication',
  'directrice de la publication',
  'hébergeur',
  'salariée?',
  'rejoint',
  // es, pt
  'asesor\\w*',
  'asesora',
  'accionista\\w*',
  'capitalista',
  'shareholders?',
  'gesellschafter\\w*',
  'actionnaires?',
  'azionist\\w*',
  'aandeelhouder\\w*',
  'acionista\\w*',
  'invers\\w*',
  'consejer\\w*',
  'delegad\\w*',
  'apoyo',
  'conselheir\\w*',
  'investidor\\w*',
  'encarregad\\w*',
  'apoio',
  'contabilista',
  'mentora?',
  // it
  'consulent\\w*',
  'investitor\\w*',
  'mentore',
  'advisor',
  // nl
  'adviseur\\w*',
  'investeerder\\w*',
  'raad van (?:advies|bestuur|commissarissen)',
  'medewerker\\w*',
  'ontwerp',
  'fotografie',
  'klant\\w*',
].join('|');

/** Words that start a subordinate or relative clause after a comma, in the seven languages. */
export const clauseOpeners = [
  'who|which|that|when|after|before|because|while|where|whose',
  'nachdem|als|weil|wo|die|der|das|dem|denen|deren|dessen|bevor|während|seit|wenn|damit|obwohl',
  'qui|que|quand|lorsque|après|avant|parce|où|dont|alors|puis',
  'quien|quienes|cuando|después|antes|porque|donde|mientras|cuyo|cuya',
  'che|quando|dopo|prima|perché|dove|mentre|cui',
  'toen|nadat|omdat|waar|terwijl|voordat|wanneer|dat',
  'quando|depois|porque|onde|enquanto|cujo|cuja',
].join('|');

/** Nouns for a company's founding: "Gründung: 2019", "depuis sa création en 2015", "fundación", "oprichting". */
export const foundingNouns =
  'foundation|gründung(?:sjahr)?|fondation|création|fundación|creación|fondazione|creazione|oprichting|fundação|criação';

/** The company speaking of itself: "we", "wir", "nous", "nosotros", "noi", "wij", "nós", their possessives, "la société". */
export const weWords =
  "we|our|us|our company|the company|das unternehmen|die firma|la société|l'entreprise|la empresa|la compañía|la società|l'azienda|het bedrijf|a empresa|wir|uns|unser\\w*|nous|notre|nos|nosotros|nosotras|nuestr\\w+|noi|nostr\\w+|abbiamo|wij|ons|onze|nós|noss\\w+|fundamos|fundámos|criamos|criámos|fundé|fundamos|creamos|lanzamos";

/** A company's legal form after its name: "Mietkompass GmbH", "Scaffale S.r.l.", "Vaga Software, Lda.". */
export const legalForm =
  /,?\s+(?:GmbH(?: & Co\. KG)?|AG|UG(?: \(haftungsbeschränkt\))?|KG|e\.K\.|SAS|SASU|SARL|Sàrl|SA|SRL|S\.L\.U?\.?|SL|S\.A\.|S\.p\.A\.|SpA|S\.r\.l\.|Srl|B\.V\.|BV|N\.V\.|NV|Lda\.?|Ltda\.?|Ltd\.?|LLC|Inc\.?)$/u;
