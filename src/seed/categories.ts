/** The demo category tree: each subcategory carries the words its products are described with. */

export interface SeedSubcategory {
  slug: string;
  name: string;
  nouns: string[];
  features: string[];
}

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  subcategories: SeedSubcategory[];
}

const sub = (slug: string, name: string, nouns: string[], features: string[]): SeedSubcategory => ({
  slug,
  name,
  nouns,
  features,
});

export const seedCategories: SeedCategory[] = [
  {
    slug: 'productivity',
    name: 'Productivity',
    description: 'Tools that help people and teams plan, write, organise and get work done.',
    subcategories: [
      sub(
        'note-taking',
        'Note-taking',
        ['notes app', 'knowledge base', 'second brain', 'wiki'],
        ['Backlinks between notes', 'Offline mode', 'Markdown editor', 'Web clipper', 'Templates gallery'],
      ),
      sub(
        'task-management',
        'Task management',
        ['task manager', 'to-do list', 'kanban board', 'planner'],
        ['Recurring tasks', 'Kanban and list views', 'Calendar sync', 'Natural-language dates', 'Shared projects'],
      ),
      sub(
        'calendar-scheduling',
        'Calendar and scheduling',
        ['scheduling tool', 'calendar assistant', 'booking page'],
        ['Round-robin booking', 'Time-zone detection', 'Buffer times', 'Meeting polls'],
      ),
      sub(
        'writing',
        'Writing',
        ['writing app', 'editor', 'document workspace'],
        ['Distraction-free mode', 'Version history', 'Grammar suggestions', 'Export to PDF and Word'],
      ),
    ],
  },
  {
    slug: 'developer-tools',
    name: 'Developer tools',
    description: 'Software for people who build software: APIs, testing, deployment and observability.',
    subcategories: [
      sub(
        'apis',
        'APIs',
        ['API platform', 'API gateway', 'mock server'],
        ['OpenAPI import', 'Rate limiting', 'Request logs', 'SDK generation'],
      ),
      sub(
        'testing',
        'Testing',
        ['testing tool', 'test runner', 'QA platform'],
        ['Parallel test runs', 'Flaky test detection', 'Visual regression checks', 'CI integration'],
      ),
      sub(
        'devops',
        'DevOps',
        ['deployment platform', 'CI pipeline', 'infrastructure tool'],
        ['Preview environments', 'One-click rollbacks', 'Secrets management', 'Infrastructure as code'],
      ),
      sub(
        'monitoring',
        'Monitoring',
        ['monitoring service', 'uptime checker', 'error tracker'],
        ['Status pages', 'Alert routing', 'Distributed tracing', 'Log search'],
      ),
    ],
  },
  {
    slug: 'design',
    name: 'Design',
    description: 'Design, prototyping, illustration and brand tools.',
    subcategories: [
      sub(
        'prototyping',
        'Prototyping',
        ['prototyping tool', 'wireframe kit', 'design canvas'],
        ['Interactive prototypes', 'Design tokens', 'Real-time collaboration', 'Handoff to code'],
      ),
      sub(
        'illustration',
        'Illustration',
        ['illustration library', 'icon set', 'pixel editor'],
        ['Vector export', 'Custom color palettes', 'Layer blending', 'Brush presets'],
      ),
      sub(
        'branding',
        'Branding',
        ['logo maker', 'brand kit', 'style guide builder'],
        ['Font pairing', 'Brand guidelines export', 'Mockup generator', 'Color contrast checks'],
      ),
    ],
  },
  {
    slug: 'marketing',
    name: 'Marketing',
    description: 'Grow an audience: email, social media, SEO and analytics.',
    subcategories: [
      sub(
        'email-marketing',
        'Email marketing',
        ['newsletter platform', 'email builder', 'drip campaign tool'],
        ['Drag-and-drop editor', 'A/B subject lines', 'Audience segments', 'Deliverability reports'],
      ),
      sub(
        'social-media',
        'Social media',
        ['social scheduler', 'content calendar', 'link-in-bio page'],
        ['Post scheduling', 'Best-time suggestions', 'Multi-account inbox', 'Hashtag research'],
      ),
      sub(
        'seo',
        'SEO',
        ['SEO toolkit', 'rank tracker', 'keyword explorer'],
        ['Keyword research', 'Site audits', 'Backlink monitoring', 'Content briefs'],
      ),
      sub(
        'analytics',
        'Analytics',
        ['analytics dashboard', 'product analytics', 'web analytics'],
        ['Cookie-free tracking', 'Funnels', 'Retention cohorts', 'Real-time dashboards'],
      ),
    ],
  },
  {
    slug: 'artificial-intelligence',
    name: 'Artificial intelligence',
    description: 'Products built around machine learning and language models.',
    subcategories: [
      sub(
        'ai-assistants',
        'AI assistants',
        ['AI assistant', 'chat assistant', 'AI copilot'],
        ['Answers with sources', 'Custom instructions', 'Team knowledge base', 'Browser extension'],
      ),
      sub(
        'ai-writing',
        'AI writing',
        ['AI writer', 'copy generator', 'AI editor'],
        ['Tone of voice presets', 'Plagiarism check', 'Long-form drafts', 'SEO outlines'],
      ),
      sub(
        'ai-images',
        'AI images',
        ['image generator', 'photo enhancer', 'background remover'],
        ['Upscaling to 4K', 'Style presets', 'Batch processing', 'Commercial licence'],
      ),
    ],
  },
  {
    slug: 'finance',
    name: 'Finance',
    description: 'Money tools for people and companies: invoicing, budgeting, payments and accounting.',
    subcategories: [
      sub(
        'invoicing',
        'Invoicing',
        ['invoicing tool', 'billing platform', 'quote builder'],
        ['Recurring invoices', 'Online payments', 'Multi-currency', 'Payment reminders'],
      ),
      sub(
        'budgeting',
        'Budgeting',
        ['budget app', 'expense tracker', 'money planner'],
        ['Bank sync', 'Spending categories', 'Savings goals', 'Shared budgets'],
      ),
      sub(
        'accounting',
        'Accounting',
        ['bookkeeping tool', 'accounting suite', 'tax assistant'],
        ['Receipt scanning', 'VAT returns', 'Bank reconciliation', 'Accountant access'],
      ),
    ],
  },
  {
    slug: 'sales',
    name: 'Sales',
    description: 'Find, win and keep customers: CRM, outreach and support.',
    subcategories: [
      sub(
        'crm',
        'CRM',
        ['CRM', 'pipeline tracker', 'contact manager'],
        ['Deal pipeline', 'Email sync', 'Lead scoring', 'Activity reminders'],
      ),
      sub(
        'customer-support',
        'Customer support',
        ['help desk', 'live chat widget', 'support inbox'],
        ['Shared inbox', 'Canned replies', 'Help center', 'Satisfaction surveys'],
      ),
      sub(
        'outreach',
        'Outreach',
        ['outreach tool', 'cold email platform', 'prospecting tool'],
        ['Email sequences', 'Contact enrichment', 'Reply detection', 'Warm-up'],
      ),
    ],
  },
  {
    slug: 'education',
    name: 'Education',
    description: 'Learn and teach: courses, languages, flashcards and classrooms.',
    subcategories: [
      sub(
        'languages',
        'Languages',
        ['language app', 'vocabulary trainer', 'pronunciation coach'],
        ['Spaced repetition', 'Speech recognition', 'Daily streaks', 'Offline lessons'],
      ),
      sub(
        'online-courses',
        'Online courses',
        ['course platform', 'cohort course tool', 'learning community'],
        ['Drip content', 'Quizzes and certificates', 'Community forum', 'Payment plans'],
      ),
      sub(
        'study-tools',
        'Study tools',
        ['flashcard app', 'study planner', 'exam trainer'],
        ['Flashcards from notes', 'Study timers', 'Progress charts', 'Shared decks'],
      ),
    ],
  },
  {
    slug: 'health-fitness',
    name: 'Health and fitness',
    description: 'Workouts, sleep, nutrition and mental health.',
    subcategories: [
      sub(
        'fitness',
        'Fitness',
        ['workout app', 'training planner', 'running coach'],
        ['Workout plans', 'Wearable sync', 'Progress photos', 'Rest timers'],
      ),
      sub(
        'mental-health',
        'Mental health',
        ['meditation app', 'mood journal', 'breathing coach'],
        ['Guided sessions', 'Mood tracking', 'Sleep sounds', 'Daily reminders'],
      ),
      sub(
        'nutrition',
        'Nutrition',
        ['meal planner', 'calorie tracker', 'recipe organiser'],
        ['Barcode scanner', 'Macro goals', 'Grocery lists', 'Recipe import'],
      ),
    ],
  },
  {
    slug: 'ecommerce',
    name: 'E-commerce',
    description: 'Sell online: storefronts, checkout, inventory and shipping.',
    subcategories: [
      sub(
        'storefronts',
        'Storefronts',
        ['store builder', 'storefront', 'digital product shop'],
        ['Custom domains', 'Product variants', 'Discount codes', 'Abandoned-cart emails'],
      ),
      sub(
        'shipping',
        'Shipping',
        ['shipping tool', 'label printer', 'order tracker'],
        ['Rate comparison', 'Label printing', 'Tracking pages', 'Returns portal'],
      ),
      sub(
        'inventory',
        'Inventory',
        ['inventory manager', 'stock tracker', 'warehouse app'],
        ['Low-stock alerts', 'Barcode scanning', 'Multi-location stock', 'Purchase orders'],
      ),
    ],
  },
];

/** FAQs every category page carries, phrased for its name. */
export function categoryFaqs(name: string): Array<{ question: string; answer: string }> {
  return [
    {
      question: `How are ${name.toLowerCase()} products ranked here?`,
      answer:
        'By community votes from people on the site. Paid placements appear only on the billboard, which is labelled as paid.',
    },
    {
      question: `How do I list my ${name.toLowerCase()} product?`,
      answer:
        'Submit your website address; a draft profile is made from your own site, you review it and choose a free or paid launch.',
    },
  ];
}
