import type { CrawledPage } from '../../src/crawl/types.js';
import { textPage } from './text-page.js';
import { foundersOf } from '../../src/drafting/founder-reading.js';

/**
 * Founding sentences in the word order of each language the rules drafter reads, after the
 * patterns of docs/corpus-brief.md (none is copied from a corpus site): who counts as a founder,
 * and who does not (advisors, investors, the founder of another company).
 */
const aboutPage = (site: string, text: string): CrawledPage => textPage(`http://${site}.test/about`, [text]);

it.each([
  ['Wir haben Feldweg im Jahr 2018 gegründet.', 'feldweg', []],
  ['Feldweg wurde 2019 von Jana Krüger und Tim Berger gegründet.', 'feldweg', ['Jana Krüger', 'Tim Berger']],
  ['Gegründet wurde Feldweg 2019 von Jana Krüger in Leipzig.', 'feldweg', ['Jana Krüger']],
  ['Gegründet haben es Jana Krüger und Tim Berger im Jahr 2019.', 'feldweg', ['Jana Krüger', 'Tim Berger']],
  [
    'Feldweg ist ein Start-up, das Jana Krüger und Tim Berger 2019 in Leipzig gegründet haben.',
    'feldweg',
    ['Jana Krüger', 'Tim Berger'],
  ],
  [
    'Als Jana Krüger und Tim Berger Feldweg 2019 gründeten, gab es noch keine App dafür.',
    'feldweg',
    ['Jana Krüger', 'Tim Berger'],
  ],
  ['Feldweg ist die 2019 von Jana Krüger gegründete Firma aus Leipzig.', 'feldweg', ['Jana Krüger']],
  [
    'Seit 2021 ist Markus Hahn Geschäftsführer; gegründet haben Feldweg Jana Krüger und Tim Berger.',
    'feldweg',
    ['Jana Krüger', 'Tim Berger'],
  ],
  ['Unser Beirat Prof. Dr. Uwe Lang hat selbst zwei Firmen gegründet.', 'feldweg', []],
  [
    'Fondée en 2019 à Lyon par Claire Martin et Paul Durand, Plumeo aide les artisans.',
    'plumeo',
    ['Claire Martin', 'Paul Durand'],
  ],
  [
    'Créé en 2018 par deux ingénieurs, Claire Martin et Paul Durand, Plumeo simplifie la paie.',
    'plumeo',
    ['Claire Martin', 'Paul Durand'],
  ],
  ['La société a été créée en 2018 par Claire Martin.', 'plumeo', ['Claire Martin']],
  ['Claire Martin a fondé Plumeo en 2018 après dix ans chez Airbus.', 'plumeo', ['Claire Martin']],
  ['Notre conseiller Jean Dupont, fondateur de Dupont Conseil, nous accompagne.', 'plumeo', []],
  ["Marc Petit, business angel et fondateur d'Alan, a investi dans Plumeo.", 'plumeo', []],
  ['Fundada en 2019 por Diego Muñoz y Camila Rojas, Tramita ayuda a gestorías.', 'tramita', ['Diego Muñoz', 'Camila Rojas']],
  [
    'Creada por la diseñadora Ana Ruiz y el ingeniero Pablo Gil en 2018, Tramita nació en Valencia.',
    'tramita',
    ['Ana Ruiz', 'Pablo Gil'],
  ],
  ['Tramita fue fundada en 2018 por Ana Ruiz.', 'tramita', ['Ana Ruiz']],
  ['Ana Ruiz y Pablo Gil fundaron Tramita en 2018.', 'tramita', ['Ana Ruiz', 'Pablo Gil']],
  ['A Tramita lo fundaron en 2018 Ana Ruiz y Pablo Gil.', 'tramita', ['Ana Ruiz', 'Pablo Gil']],
  ['Nuestro inversor Álvaro Gómez, fundador de Cabify, nos asesora.', 'tramita', []],
  ['Vetrina è stata fondata a Bologna nel 2019 da Marco Rossi e Giulia Bianchi.', 'vetrina', ['Marco Rossi', 'Giulia Bianchi']],
  [
    'Fondata nel 2019 da tre ingegneri: Marco Rossi, Giulia Bianchi e Luca Verdi.',
    'vetrina',
    ['Marco Rossi', 'Giulia Bianchi', 'Luca Verdi'],
  ],
  ['Il nostro CEO è Marco Rossi, che ha fondato Vetrina dopo dieci anni in banca.', 'vetrina', ['Marco Rossi']],
  ['Abbiamo fondato Vetrina nel 2019 a Torino.', 'vetrina', []],
  ['Kasboek werd in 2019 opgericht door Sanne de Vries.', 'kasboek', ['Sanne de Vries']],
  ['Kasboek is in 2019 opgericht door Sanne de Vries en Bram Jansen.', 'kasboek', ['Sanne de Vries', 'Bram Jansen']],
  [
    'Kasboek is een bedrijf dat Sanne de Vries en Bram Jansen in 2019 in Utrecht oprichtten.',
    'kasboek',
    ['Sanne de Vries', 'Bram Jansen'],
  ],
  ['Kasboek, dat in 2019 in Utrecht werd opgericht, helpt zzp’ers.', 'kasboek', []],
  ['Het begon in 2019, toen Sanne de Vries het in Utrecht opzette.', 'kasboek', ['Sanne de Vries']],
  ['Onze adviseur Peter Bakker richtte eerder twee bedrijven op.', 'kasboek', []],
  ['A Turma foi fundada em 2019, em Lisboa, por Inês Carvalho e Rui Matos.', 'turma', ['Inês Carvalho', 'Rui Matos']],
  ['Fundámos a Turma em 2019: somos a Inês Carvalho e o Rui Matos.', 'turma', ['Inês Carvalho', 'Rui Matos']],
  ['Criada em 2019 em Lisboa por Inês Carvalho, a Turma ensina programação.', 'turma', ['Inês Carvalho']],
  ['Inês Carvalho e Rui Matos fundaram a Turma em 2019.', 'turma', ['Inês Carvalho', 'Rui Matos']],
  ['Cofundador de Cabify, Álvaro Gómez invierte en startups.', 'goteo', []],
  ['Álvaro Gómez fundó Cabify en 2011 y hoy invierte en Goteo.', 'goteo', []],
  ['Invirtió en Goteo Álvaro Gómez, fundador de Cabify.', 'goteo', []],
  ['Álvaro Gómez, que fundó Cabify en 2011, es nuestro inversor.', 'goteo', []],
  ['Jane Doe founded Acme in 2019 after years at Stripe.', 'acme', ['Jane Doe']],
  ['Jane Doe and John Roe founded the company in 2019.', 'acme', ['Jane Doe', 'John Roe']],
  ['Quietroom is made by Lena Fischer and Omar Haddad, who founded it in 2021.', 'acme', ['Lena Fischer', 'Omar Haddad']],
  ['Los fundadores de Goteo, Ana Ruiz y Pablo Gil, se conocieron en Sevilla.', 'goteo', ['Ana Ruiz', 'Pablo Gil']],
  ['The founders of Acme, Jane Doe and John Roe, met at school.', 'acme', ['Jane Doe', 'John Roe']],
  ['Detrás de Goteo están Ana Ruiz y Pablo Gil, que la fundaron en 2019.', 'goteo', ['Ana Ruiz', 'Pablo Gil']],
  ['Die Gründer Jana Krüger und Tim Berger kennen sich aus dem Studium.', 'feldweg', ['Jana Krüger', 'Tim Berger']],
  ['Siamo Marco Rossi e Giulia Bianchi e nel 2019 abbiamo fondato Bottega.', 'bottega', ['Marco Rossi', 'Giulia Bianchi']],
  ['Somos Lucía Romero y Andrés Vidal, los fundadores de Pagalo.', 'pagalo', ['Lucía Romero', 'Andrés Vidal']],
  ['Sanne de Vries en Bram Jansen richtten Grootboek in 2019 op.', 'grootboek', ['Sanne de Vries', 'Bram Jansen']],
  [
    'La idea surgió en 2019, cuando Lucía Romero y Andrés Vidal decidieron fundar Pagalo.',
    'pagalo',
    ['Lucía Romero', 'Andrés Vidal'],
  ],
  ["Bottega nasce nel 2019 da un'idea di Marco Rossi e Giulia Bianchi.", 'bottega', ['Marco Rossi', 'Giulia Bianchi']],
  ['A Escola nasceu em 2019 pelas mãos de Inês Carvalho e Rui Matos.', 'escola', ['Inês Carvalho', 'Rui Matos']],
  [
    'Detrás de Pagalo estamos Lucía Romero (CEO) y Andrés Vidal (CTO), que fundamos la empresa en 2019.',
    'pagalo',
    ['Lucía Romero', 'Andrés Vidal'],
  ],
  ['In de raad van advies zitten Henk Blom, die zelf drie bedrijven oprichtte, en Ellen Vos.', 'grootboek', []],
])('%s', (text, site, founders) => {
  expect(foundersOf([aboutPage(site, text)]).map((f) => f.name)).toEqual(founders);
});

it('takes a founder title written in apposition after the name', () => {
  const text = 'Lucía Romero, cofundadora y CEO, y Andrés Vidal, cofundador y CTO, fundaron Pagalo en 2019.';
  expect(foundersOf([aboutPage('pagalo', text)]).map((f) => [f.name, f.title])).toEqual([
    ['Lucía Romero', 'cofundadora y CEO'],
    ['Andrés Vidal', 'cofundador y CTO'],
  ]);
});
