/**
 * Marks that state a company's country without naming it: a national business register ("KvK
 * 72011938", "RCS Lyon", "Amtsgericht Köln, HRB …", "P.IVA …", "CNPJ"), a VAT number with its
 * country prefix ("BE 0789.123.456", "ATU12345678"), an international phone prefix ("+32 3 …") or a
 * legal form only one country has ("Lda.", "S.r.l.", "S.L.", "UG (haftungsbeschränkt)").
 * European legal notices must carry one of them, and an address there often names no country.
 * Marks shared by several countries (GmbH, B.V., NIF, IVA) are left out.
 */
const marks: [string, RegExp][] = [
  ['NL', /\bKvK\b|Kamer van Koophandel|\bNL\s?\d{9}\s?B\s?\d{2}\b|\+31[\s(]/u],
  ['BE', /[Oo]ndernemingsnummer|\bKBO\b|num[ée]ro d'entreprise|\bBE\s?0\d{3}[.\s]?\d{3}[.\s]?\d{3}\b|\+32[\s(]/u],
  ['DE', /USt-?Id(?:Nr)?\b|Amtsgericht|\bHR[AB]\s?\d|\bDE\s?\d{9}\b|§\s?5 (?:DDG|TMG)|\bUG \(haftungsbeschränkt\)|\+49[\s(]/u],
  ['AT', /Firmenbuch|\bFN\s?\d{3,6}\s?[a-z]\b|\bATU\s?\d{8}\b|MedienG\b|\+43[\s(]/u],
  ['CH', /\bCHE-\d{3}\.\d{3}\.\d{3}\b|Handelsregister des Kantons|\+41[\s(]/u],
  ['FR', /\bRCS\b|\bSIRE[TN]\b|\bFR\s?[\dA-Z]{2}\s?\d{9}\b|\+33[\s(]/u],
  ['ES', /\bCIF\b|Registro Mercantil|\bLSSI(?:-CE)?\b|\bS\.L\.(?:U\.)?(?!\p{L})|\bES\s?[A-Z]\d{7}[\dA-Z]\b|\+34[\s(]/u],
  ['IT', /\bP\.\s?IVA\b|Partita IVA|\bREA\b|\bIT\s?\d{11}\b|\bS\.r\.l\.|\bS\.p\.A\.|\+39[\s(]/u],
  ['PT', /\bNIPC\b|Livro de Reclama[çc][õo]es|\bPT\s?\d{9}\b|\bLda\b|\+351[\s(]/u],
  ['BR', /\bCNPJ\b|\+55[\s(]/u],
];

/** The countries (ISO alpha-2) whose marks the text carries. */
export function countriesMarkedIn(text: string): string[] {
  return marks.filter(([, pattern]) => pattern.test(text)).map(([code]) => code);
}
