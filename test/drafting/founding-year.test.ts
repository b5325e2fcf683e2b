import type { CrawledPage } from '../../src/crawl/types.js';
import { textPage } from './text-page.js';
import { foundedYearOf } from '../../src/drafting/founding-year.js';

/**
 * Founding years in the word order of each language the rules drafter reads, after the patterns
 * of docs/corpus-brief.md (none is copied from a corpus site), and years that are someone else's.
 */
const aboutPage = (text: string): CrawledPage => textPage('http://site.test/about', [text]);

it.each([
  ['Wir haben Feldweg im Jahr 2019 gegründet.', 'Feldweg', '2019'],
  ['Feldweg wurde 2019 in Leipzig gegründet.', 'Feldweg', '2019'],
  ['Gegründet wurde Feldweg 2019 von Jana Krüger.', 'Feldweg', '2019'],
  ['Feldweg ist ein Start-up, das Jana Krüger und Tim Berger 2019 in Leipzig gegründet haben.', 'Feldweg', '2019'],
  ['Als Jana Krüger und Tim Berger Feldweg 2019 gründeten, gab es das noch nicht.', 'Feldweg', '2019'],
  ['Gegründet 2019 in Leipzig.', 'Feldweg', '2019'],
  ['Gründung: 2019', 'Feldweg', '2019'],
  ['Seit der Gründung im Jahr 2019 haben wir 300 Kunden gewonnen.', 'Feldweg', '2019'],
  ['Jana hat 2012 ihre erste Agentur gegründet.', 'Feldweg', null],
  ['Fondée en 2019 à Lyon par Claire Martin et Paul Durand, Plumeo aide les artisans.', 'Plumeo', '2019'],
  ['Créé en 2018 par deux ingénieurs, Claire Martin et Paul Durand, Plumeo simplifie la paie.', 'Plumeo', '2018'],
  ['La société a été créée en 2018 par Claire Martin.', 'Plumeo', '2018'],
  ['Plumeo est née en 2018 à Nantes.', 'Plumeo', '2018'],
  ['Nous avons lancé Plumeo en 2018.', 'Plumeo', '2018'],
  ['Claire Martin a fondé Plumeo en 2018.', 'Plumeo', '2018'],
  ['Claire, née en 1985, a travaillé dix ans chez Airbus.', 'Plumeo', null],
  ['Tramita se fundó en Valencia en 2018.', 'Tramita', '2018'],
  ['Tramita nació en 2018 en Valencia.', 'Tramita', '2018'],
  ['A Tramita lo fundaron en 2018 Ana Ruiz y Pablo Gil.', 'Tramita', '2018'],
  ['En 2018 fundé Tramita.', 'Tramita', '2018'],
  ['Vetrina è stata fondata a Bologna nel 2019 da Marco Rossi e Giulia Bianchi.', 'Vetrina', '2019'],
  ['Nata nel 2019 a Bologna, Vetrina aiuta i negozi.', 'Vetrina', '2019'],
  ['Fondata nel 2019 da tre ingegneri: Marco Rossi, Giulia Bianchi e Luca Verdi.', 'Vetrina', '2019'],
  ['Abbiamo fondato Vetrina nel 2019.', 'Vetrina', '2019'],
  ['In 2019 opgericht door Sanne de Vries.', 'Kasboek', '2019'],
  ['Kasboek werd in 2019 opgericht door Sanne de Vries.', 'Kasboek', '2019'],
  ['Kasboek is een bedrijf dat Sanne de Vries en Bram Jansen in 2019 in Utrecht oprichtten.', 'Kasboek', '2019'],
  ['Kasboek, dat in 2019 in Utrecht werd opgericht, helpt zzp’ers.', 'Kasboek', '2019'],
  ['Wij begonnen Kasboek in 2019.', 'Kasboek', '2019'],
  ['A Turma foi fundada em 2019, em Lisboa, por Inês Carvalho e Rui Matos.', 'Turma', '2019'],
  ['Criada em 2019 em Lisboa, a Turma ensina programação.', 'Turma', '2019'],
  ['A Turma nasceu em 2019 em Lisboa.', 'Turma', '2019'],
  ['Fundámos a Turma em 2019: somos a Inês e o Rui.', 'Turma', '2019'],
  ['Die Idee entstand 2018, gegründet haben wir dann im Frühjahr 2019.', 'Feldweg', '2019'],
  ['Año de fundación: 2019', 'Pagalo', '2019'],
  ['Angefangen hat alles 2019 in einer Leipziger Garage.', 'Feldweg', '2019'],
  ['Feldweg startete 2019 als Nebenprojekt.', 'Feldweg', '2019'],
  ["L'aventure a commencé en 2019 dans un garage nantais.", 'Plumeo', '2019'],
  ['Plumeo a vu le jour en 2019 à Nantes.', 'Plumeo', '2019'],
  ['Nacimos en 2019 en Valencia.', 'Pagalo', '2019'],
  ['Tutto è iniziato nel 2019, in un garage di Torino.', 'Bottega', '2019'],
  ['Het begon allemaal in 2019 aan een keukentafel in Utrecht.', 'Grootboek', '2019'],
  ['Começámos em 2019, em Lisboa.', 'Escola', '2019'],
  ['Unsere Zusammenarbeit mit der Bäckerei Müller begann 2017.', 'Feldweg', null],
  ['Marco ha iniziato a programmare nel 2005.', 'Bottega', null],
  ['Lucía empezó a trabajar en 2012 en una gestoría.', 'Pagalo', null],
  ['Bakkerij Jansen, opgericht in 1952, gebruikt Grootboek sinds 2020.', 'Grootboek', null],
  ['Onze klant Bouwbedrijf De Vries werd in 1998 opgericht en gebruikt ons sinds 2021.', 'Grootboek', null],
  ['Onze adviseur Peter Bakker richtte in 2010 Exact op.', 'Grootboek', null],
  ['Sanne de Vries, die eerder in 2014 Boekhoudbaas oprichtte, begon Grootboek in 2019.', 'Grootboek', '2019'],
  ['Hinter Feldweg stehen Jana Krüger und Tim Berger, die das Unternehmen 2019 in Leipzig gegründet haben.', 'Feldweg', '2019'],
  ['Feldweg GmbH · seit 2018 · Leipzig', 'Feldweg', '2018'],
  ['Seit 2015 in der Logistikbranche zu Hause.', 'Feldweg', null],
])('%s', (text, product, year) => {
  expect(foundedYearOf([aboutPage(text)], product)?.value ?? null).toBe(year);
});
