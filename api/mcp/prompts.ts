import type { Toolset } from './toolsets.js';

/** One step of a journey: the tool it calls (if any) and what to do with it. */
export interface PromptStep {
  tool?: string;
  say: string;
}

export interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
}

/**
 * An MCP prompt: a journey an agent follows for its person, naming the tools it uses in order
 * and the toolsets that hold them, so that a client can choose just those.
 */
export interface PromptDefinition {
  name: string;
  title: string;
  description: string;
  toolsets: readonly Toolset[];
  arguments: readonly PromptArgument[];
  steps(args: Record<string, string | undefined>): PromptStep[];
}

const launchSteps = {
  free: (): PromptStep[] => [
    {
      tool: 'choose_free_listing',
      say: 'with the listing_id queues it for a free launch week. Read publication in the answer: while founder_profile.missing lists something, get it from the founder, set it with update_draft (founders: name, title and a bio of at least 80 characters; founder_socials) and call choose_free_listing again. While badge.found is false, give the founder publication.badge.embed_html to put on their homepage; once they say it is there, call choose_free_listing again, which checks at once. When the status is scheduled, tell the founder the launch week.',
    },
  ],
  paid: (): PromptStep[] => [
    { tool: 'list_products', say: 'gives the current prices; never quote a price from memory.' },
    {
      tool: 'quote_order',
      say: 'with items [{ product: "launch", listing_id, week (optional: absent launches at once) }] and the founder\'s billing_country (and vat_number for an EU business) prices it: show the founder each line, the VAT and the total.',
    },
    {
      tool: 'create_checkout',
      say: 'with the same body and an idempotency_key builds the order: give the founder its checkout_url to open and pay themselves. Never ask for card or payment details.',
    },
    { tool: 'get_order', say: 'every few minutes, once the founder says they paid, until the status is fulfilled.' },
  ],
};

export const prompts: readonly PromptDefinition[] = [
  {
    name: 'launch_a_product',
    title: 'Launch a product',
    description:
      'Submit a product by its website, review its AI draft with the founder field by field against the quoted evidence, and launch it free (badge and founder profile) or paid (checkout link).',
    toolsets: ['drafts', 'publishing'],
    arguments: [
      { name: 'website', description: "The product's website address.", required: true },
      { name: 'plan', description: 'free or paid; when absent, ask the founder.', required: false },
    ],
    steps: ({ website, plan }) => [
      {
        tool: 'submit_listing',
        say: `with url ${website} and an idempotency_key starts the draft. A 409 already_listed means the product is listed already: tell the founder its slug and claim link (the claim_a_listing prompt does that) and stop.`,
      },
      {
        tool: 'get_draft',
        say: 'every few seconds until its status is ready (about a minute); if it failed, tell the founder why and stop.',
      },
      {
        tool: 'update_draft',
        say: 'after going through every field with the founder: its value, its state and the evidence quoted from the website. A not_found field was not stated on the site: ask the founder instead of guessing, and never set a value the founder did not give or the site does not state. Send their corrections and additions in one call.',
      },
      { tool: 'submit_draft', say: 'saves the listing (status draft, nothing published or charged); keep its listing_id.' },
      ...(plan === 'free' || plan === 'paid'
        ? launchSteps[plan]()
        : [
            {
              say: 'Ask the founder: free (a launch week a few weeks ahead, once the badge is on their homepage) or paid (at once or in a week they pick).',
            },
            { say: 'Free:' },
            ...launchSteps.free(),
            { say: 'Paid:' },
            ...launchSteps.paid(),
          ]),
      { tool: 'get_my_listing', say: 'with the listing_id: publication.next_step says what comes next; tell the founder.' },
    ],
  },
  {
    name: 'claim_a_listing',
    title: 'Claim a listing',
    description: "Prove that the founder runs a listed product's website and take over its listing.",
    toolsets: ['claims'],
    arguments: [
      { name: 'slug', description: "The listing's slug.", required: true },
      {
        name: 'method',
        description: 'dns, meta, file or email; when absent, ask the founder which they can do.',
        required: false,
      },
    ],
    steps: ({ slug, method }) => [
      {
        tool: 'claim_listing',
        say: `with slug ${slug}${method ? ` and method ${method}` : ' and the method the founder chose'} opens the claim: tell the founder exactly what its instructions say to publish and where (or, for email, to open the link mailed to them).`,
      },
      { tool: 'verify_claim', say: 'once the founder says the proof is in place: it checks at once and says what it found.' },
      { tool: 'list_my_claims', say: 'later: the status and last check of each claim (verified means the listing is theirs).' },
    ],
  },
  {
    name: 'report_launch_results',
    title: "Report a launch's results",
    description:
      "Tell a founder how their launch went: its votes, followers, visitors and clicks, and place in its week's ranking.",
    toolsets: ['listings', 'catalogue'],
    arguments: [{ name: 'listing_id', description: "The listing's id (list_my_listings gives it).", required: true }],
    steps: ({ listing_id }) => [
      {
        tool: 'get_my_listing',
        say: `with listing_id ${listing_id}: its status, launch week, launch time, votes and followers.`,
      },
      {
        tool: 'get_listing_stats',
        say: `with listing_id ${listing_id} and from and to around the launch week: views, clicks by place and by referring host, views to clicks, notify-me requests, and the launch day's votes by hour against the week's median and top three.`,
      },
      {
        tool: 'get_launch_week',
        say: "with that launch week: the week's listings in their order, to say where this one stands.",
      },
      {
        tool: 'get_leaderboard',
        say: 'with board community-weekly and week set to the launch week: the ranking by counted votes.',
      },
      { say: 'Tell the founder the figures plainly, without rounding them up.' },
    ],
  },
];

/** The tools a prompt names, in order, once each. */
export function toolsNamed(prompt: PromptDefinition, args: Record<string, string | undefined>): string[] {
  return [...new Set(prompt.steps(args).flatMap((step) => (step.tool ? [step.tool] : [])))];
}

/** The prompt's text: what to do, the tools in order, and where to find them. */
export function promptText(prompt: PromptDefinition, args: Record<string, string | undefined>): string {
  const steps = prompt.steps(args);
  let n = 0;
  const lines = steps.map((step) => (step.tool ? `${++n}. ${step.tool} ${step.say}` : step.say));
  return [
    `${prompt.description}`,
    `Use these tools, in this order: ${toolsNamed(prompt, args).join(', ')}. They are in the toolsets ${prompt.toolsets.join(', ')} (/mcp?toolsets=${prompt.toolsets.join(',')}).`,
    ...lines,
  ].join('\n');
}
