import type { CrawledPage } from '../../src/crawl/types.js';
import { textPage } from './text-page.js';
import { pricingOf } from '../../src/drafting/pricing-reading.js';

/** Pricing pages in the formats of docs/corpus-brief.md (none is copied from a corpus site). */
const page = (path: string, lines: string[]): CrawledPage => textPage(`http://site.test/${path}`, lines);
const modelOf = (lines: string[]) => pricingOf([page('', ['Home']), page('preise', lines)]).model?.value ?? null;

it.each([
  [['Basis: 12 € / Monat zzgl. MwSt.', '30 Tage kostenlos testen'], 'subscription'],
  [['Découverte : Gratuit', 'Pro : 19 € HT/mois'], 'freemium'],
  [['Pro: € 19,- per maand excl. btw', '30 dagen gratis proberen'], 'subscription'],
  [['Grátis: R$ 0', 'Profissional: R$ 79/mês'], 'freemium'],
  [['Lizenz: 1.290 € einmalig'], 'paid'],
  [['Gratuit pour les acheteurs. Les vendeurs paient 5 % de commission par vente.'], 'paid'],
  [['Gratis für Käufer; Verkäufer zahlen eine Provision von 4 % pro Verkauf.'], 'paid'],
  [['Gratis voor kopers.', 'Verkopers: € 2 per verkochte fiets'], 'paid'],
  [['Basis: € 19 per maand', 'Gratis support en onboarding', 'Gratis overstappen van je oude pakket'], 'subscription'],
  [['Gratis tot 500 abonnees', 'Groei: € 19 per maand'], 'freemium'],
  [['Voor ouders is het altijd gratis.', 'Per school: € 690 per schooljaar'], 'subscription'],
  [['Start: € 9,95 /mnd', 'Pro: € 19 p.m. excl. btw'], 'subscription'],
  [['Einrichtung: 490 € einmalig', 'Basis: 29 € mtl.'], 'subscription'],
  [['Aanmelden is gratis.', 'Basis: € 19 per maand'], 'subscription'],
  [['Postduif is gratis tot 500 abonnees.', 'Groei: € 19 per maand'], 'freemium'],
  [['Pro: € 19 per maand', 'Gratis: 1 maand'], 'subscription'],
  [['Basis: 19 euro per maand', 'Pro: 39 euro per maand'], 'subscription'],
  [['Basis: € 19 per maand', '€ 0 opstartkosten'], 'subscription'],
  [['Licentie: € 249 eenmalig, inclusief een jaar updates'], 'paid'],
  [['Demo: gratis', 'Pro: € 19 per maand'], 'subscription'],
  [['Pro: € 19 per maand', 'De eerste maand is gratis.'], 'subscription'],
  [['Pro: 19 € HT/mois', 'Le premier mois est gratuit.'], 'subscription'],
  [['Gratis proberen: € 0', 'Pro: € 19 per maand', 'Proefperiode: gratis'], 'subscription'],
])('%j', (lines, model) => {
  expect(modelOf(lines)).toBe(model);
});
