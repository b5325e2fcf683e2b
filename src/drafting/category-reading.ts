import type { CrawledPage } from '../crawl/types.js';
import type { ProposedValue } from '../domain/evidence.js';
import { ownBlocks } from './page-reading.js';

/**
 * A category by what the site talks about when it never uses the category's name: each catalogue
 * category has a short description and the words (stems, in the languages of the sites we read)
 * that its products are described with; the site's pitch is compared with each and the clear best
 * match wins. A catalogue name without a description here is matched by the words of its name.
 */
const descriptions: Record<string, string> = {
  Analytics:
    'analytics metrics dashboards funnels retention cohorts kpis charts statistics insights tracking events analytik analyse estadistic statistiques statistiche statistik auswertungen analisi estadisticas metricas kennzahlen cijfers rapportages relatorios',
  'Customer Support':
    'customer support helpdesk help center tickets shared inbox live chat agents replies satisfaction kundenservice atendimento soporte assistance helpdesk klantenservice suporte assistenza ticketsystem tickets chat atencion consultas',
  Design:
    'design designers mockups maquettes prototypes figma layouts fonts colours colors brand illustrations photoshop visual creative studios créatif diseño',
  'Developer Tools':
    'developers deployments deploy git pull requests branches repositories code api sdk cli pipelines servers infrastructure terraform kubernetes docker rollbacks staging preview entwickler développeurs desarrolladores',
  'E-commerce':
    'ecommerce online store shop shops product pages cart checkout shopify woocommerce catalogue merchants retailers orders onlinehändler loja tienda boutique webshop onlineshop vendeurs venditori verkopers vendedores marketplace',
  Education:
    'education teachers pupils students schools classroom lessons courses learning homework teaching exams curriculum lehrer schule école enseignants escuela profesores alunos escola eleves enseignants revisions scuola ripasso studenti insegnanti alunni formacion cursos onderwijs klaslokaal leerlingen leraren ensino alunos schuler lehrkrafte lernplattform unterricht klasse eltern ouders',
  Finance:
    'finance financial bookkeeping accounting accountants bank banking tax taxes expenses budgets transactions income receipts cash money spending buchhaltung steuer comptabilité impôts contabilidad impuestos comptabilite contabilita boekhouding administratie contabilidade tesoreria tresorerie finanzen finanze financas cobros miete gastos despesas dépenses ausgaben spese uitgaven impostos belasting steuern imposte tesouraria conciliacion bancaria banque banco fintech',
  'Human Resources':
    'human resources hr hiring hire recruiting candidates onboarding new hires employees people team payroll talent job offers interviews wellbeing burnout staff mitarbeiter bewerber recrutement embauche candidats empleo entrevistas contratar colaboradores funcionários recursos humanos nominas vacaciones ressources humaines recrutement personal dienstplan zeiterfassung personeel roosters recrutamento vagas risorse umane personale turni buste',
  Invoicing:
    'invoices invoicing billing quotes payment reminders late payments paid vat facturas facturación fatura faturas faturação rechnungen rechnung devis presupuestos orçamentos recibos cobros cobrar iva facturation devis rechnungen fatturazione fatture facturen offertes faturacao faturamento presupuestos orcamentos angebote mahnungen mahnwesen relances recordatorios solleciti herinneringen lembretes offerte',
  Logistics:
    'logistics shipping shipments delivery deliveries warehouse stock inventory routes drivers fleet parcels freight couriers picking lager versand kommissionierung pakete entrepôt livraison envíos almacén entregas armazém logistique livraison logistica envios magazzino spedizioni lagerverwaltung versand entregas wagenpark giacenze inventario inventaire fuhrpark flotte flota frota veicoli voertuigen fahrzeuge',
  Marketing:
    'marketing campaigns newsletters email subscribers audience leads seo social media ads advertising signup forms landing pages segments opens clicks campanhas campañas kampagnen campagnes newsletter nieuwsbrief nieuwsbrieven mailing campagnes campanas campagne campanhas abonnees iscritti mailmarketing abonnenten abonnés suscriptores inscritos iscritti aanmeldformulier anmeldeformular inschrijvingen',
  Productivity:
    'productivity notes tasks calendar schedule agenda appointments bookings reservations focus organize meetings planner reminders notizen aufgaben tâches tareas tarefas citas reservas citas termine rendez prenotazioni afspraken agendamento marcacoes',
  'Project Management':
    'project management projects sprints roadmaps boards kanban milestones timelines tasks gantt backlog standups projekt projet proyecto projeto cantiere cantieri progetti projektplanung planbord klussen projecten werven obras gestao meilensteine jalons hitos mijlpalen baustelle chantiers avanzamento',
  Security:
    'security secure encryption encrypted passwords secrets vulnerabilities phishing compliance audit threats attacks risky permissions access breaches vault sicherheit sécurité seguridad segurança securite passe seguridad contrasenas sicurezza serrature datenschutz passworter beveiliging wachtwoorden seguranca senhas',
  Writing:
    'writing writers drafts editor editing grammar tone style guide copy content documents sentences words text jargon schreiben rédaction escritura escrita redação redaction traduction texte lektorat scrittura redaccion schrijven teksten escrita redacao',
};

const minStem = 4;
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const wordsOf = (text: string) => fold(text).match(/[a-z0-9]+/g) ?? [];
/** Words compared by their first letters, so "invoice", "invoices" and "invoicing" meet. */
const stemOf = (word: string) => word.slice(0, Math.max(minStem, Math.ceil(word.length * 0.7)));

function vocabularyOf(category: string): string[] {
  const words = wordsOf(descriptions[category] ?? category).filter((w) => w.length >= 2);
  return [...new Set(words.map(stemOf))];
}

function hits(text: string, stems: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const word of wordsOf(text)) {
    const stem = stems.find((s) => (s.length <= 3 ? word === s : word.startsWith(s)));
    if (stem) found.add(stem);
  }
  return found;
}

/** What the site says it does: its title and meta description, the home page's hero, pitch and lists. */
function pitchTexts(home: CrawledPage): { text: string; quote: string }[] {
  const meta = ['description', 'og:description'].filter((k) => home.meta[k]);
  return [
    ...(home.title ? [{ text: home.title, quote: `title: ${home.title}` }] : []),
    ...meta.map((k) => ({ text: home.meta[k], quote: `${k}: ${home.meta[k]}` })),
    ...ownBlocks(home)
      .filter((b) => b.tag !== 'tr')
      .map((b) => ({ text: b.text, quote: b.text })),
  ];
}

/** Distinct words of a category the pitch must use, and how far ahead of the next category it must be. */
const minDistinct = 2;
const lead = 1.5;

/** The catalogue category whose words the home page's pitch uses most, when it is a clear winner. */
export function categoryBySimilarity(home: CrawledPage, categories: readonly string[]): ProposedValue | null {
  const texts = pitchTexts(home);
  const scored = categories
    .map((name) => {
      const stems = vocabularyOf(name);
      const perText = texts.map((t) => ({ ...t, found: hits(t.text, stems) }));
      const distinct = new Set(perText.flatMap((t) => [...t.found]));
      const best = perText.reduce((a, b) => (b.found.size > a.found.size ? b : a), perText[0]);
      return { name, score: distinct.size, best };
    })
    .sort((a, b) => b.score - a.score);
  const [top, second] = scored;
  if (!top || top.score < minDistinct || (second && top.score < second.score * lead)) return null;
  return { value: top.name, evidence: [{ quote: top.best.quote, url: home.url }] };
}
