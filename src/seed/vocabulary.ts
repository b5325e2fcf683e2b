/** Word lists the demo catalogue is made from. */

export const namePrefixes = [
  'Note', 'Flow', 'Pixel', 'Task', 'Data', 'Cloud', 'Snap', 'Mail', 'Form', 'Chat', 'Sync', 'Lumi', 'Nova', 'Brain', 'Quick',
  'Hyper', 'Bright', 'Orbit', 'Spark', 'Wave', 'Leaf', 'Stack', 'Ping', 'Loop', 'Beam', 'Craft', 'Pulse', 'Focus', 'Zen', 'Echo',
  'Frame', 'Shift', 'Atlas', 'Nimbus', 'Vector', 'Kite', 'Rocket', 'Harbor', 'Cedar', 'Maple', 'Copper', 'Indigo', 'Amber', 'Coral',
  'Swift', 'Clear', 'Tidy', 'Plan', 'Draft', 'Story', 'Insight', 'Metric', 'Signal', 'Ledger', 'Coin', 'Cart', 'Ship', 'Learn',
  'Habit', 'Fit', 'Calm', 'Sleep', 'Meal', 'Trail', 'Scout', 'Relay', 'Grid', 'Prism', 'Quill', 'Glyph', 'Canvas', 'Motion',
  'Fable', 'Lingo', 'Tutor', 'Deck', 'Desk', 'Hive', 'Nest', 'Bloom', 'Sprout', 'Forge', 'Anvil', 'Ember', 'Polar', 'Lunar',
];

export const nameSuffixes = [
  'ly', 'ify', 'hub', 'base', 'io', 'stack', 'pilot', 'desk', 'kit', 'mind', 'sense', 'lab', 'flow', 'wise', 'bird', 'loop',
  'board', 'works', 'space', 'box', 'cast', 'dock', 'ware', 'path', 'post', 'scope', 'tap', 'verse', 'wing', 'zilla', 'nest',
  'sync', 'track', 'mate', 'craft', 'yard', 'line', 'note', 'shot', 'grid',
];

export const nameQualifiers = ['', ' AI', ' Studio', ' for Teams', ' Cloud', ' Pro', ' Labs', ' HQ', ' One', ' Go', ' Plus', ' Lite', ' Desk', ' Kit', ' Suite'];

export const adjectives = ['Simple', 'Fast', 'Private', 'Collaborative', 'Open-source', 'Lightweight', 'Beautiful', 'Smart', 'Friendly', 'Powerful', 'Minimal', 'Affordable'];

export const audiences = [
  'small teams', 'freelancers', 'startups', 'students', 'developers', 'designers', 'remote teams', 'creators', 'agencies',
  'solo founders', 'online shops', 'teachers', 'marketers', 'product managers', 'families', 'nonprofits',
];

export const benefits = [
  'saves hours every week', 'keeps everything in one place', 'works offline', 'needs no training', 'respects your privacy',
  'plays well with the tools you already use', 'scales from one person to hundreds', 'sets up in five minutes',
];

export const stages = ['idea', 'prototype', 'beta', 'launched', 'growing', 'mature'];
export const pricingModels = ['free', 'freemium', 'subscription', 'one-time', 'open-source', 'usage-based'];

export const places: Array<{ country: string; cities: string[] }> = [
  { country: 'US', cities: ['San Francisco', 'New York', 'Austin', 'Seattle', 'Boston', 'Denver'] },
  { country: 'GB', cities: ['London', 'Manchester', 'Edinburgh', 'Bristol'] },
  { country: 'DE', cities: ['Berlin', 'Munich', 'Hamburg', 'Cologne'] },
  { country: 'FR', cities: ['Paris', 'Lyon', 'Nantes', 'Toulouse'] },
  { country: 'NL', cities: ['Amsterdam', 'Rotterdam', 'Utrecht'] },
  { country: 'ES', cities: ['Barcelona', 'Madrid', 'Valencia', 'Málaga'] },
  { country: 'PT', cities: ['Lisbon', 'Porto'] },
  { country: 'CA', cities: ['Toronto', 'Montréal', 'Vancouver'] },
  { country: 'IN', cities: ['Bengaluru', 'Pune', 'Hyderabad', 'Mumbai'] },
  { country: 'BR', cities: ['São Paulo', 'Florianópolis', 'Rio de Janeiro'] },
  { country: 'SE', cities: ['Stockholm', 'Göteborg', 'Malmö'] },
  { country: 'PL', cities: ['Warsaw', 'Kraków', 'Wrocław'] },
  { country: 'AU', cities: ['Sydney', 'Melbourne', 'Brisbane'] },
  { country: 'JP', cities: ['Tokyo', 'Osaka', 'Fukuoka'] },
  { country: 'NG', cities: ['Lagos', 'Abuja'] },
  { country: 'EE', cities: ['Tallinn', 'Tartu'] },
];

export const firstNames = [
  'Ava', 'Liam', 'Maya', 'Noah', 'Sofia', 'Lucas', 'Amara', 'Mateo', 'Chloé', 'Elias', 'Zoë', 'Hugo', 'Priya', 'Arjun', 'Léa',
  'Jonas', 'Ingrid', 'Kenji', 'Yuki', 'Chioma', 'Tunde', 'Marta', 'Piotr', 'Inês', 'João', 'Ana', 'Diego', 'Freya', 'Oscar',
  'Nora', 'Emil', 'Sara', 'Omar', 'Leila', 'Daniel', 'Hannah', 'Felix', 'Clara', 'Mila', 'Theo', 'Aisha', 'Ravi', 'Elena',
  'Marco', 'Giulia', 'Anders', 'Astrid', 'Tomás', 'Lucía', 'Ethan',
];

export const lastNames = [
  'Johnson', 'Müller', 'García', 'Dubois', 'Rossi', 'Nowak', 'Silva', 'Tanaka', 'Okafor', 'Kumar', 'Andersson', 'Smith', 'Novák',
  'Jansen', 'Costa', 'Martín', 'Schneider', 'Lefèvre', 'Patel', 'Nakamura', 'Adeyemi', 'Kowalski', 'Fernandes', 'Larsen', 'Brown',
  'Wilson', 'Moreau', 'Ferrari', 'Hoffmann', 'Sato', 'Mensah', 'Singh', 'Lindqvist', 'Taylor', 'Pereira', 'Romero', 'Weber',
  'Bernard', 'Bianchi', 'Kim',
];

export const founderTitles = ['Founder & CEO', 'Co-founder & CTO', 'Co-founder', 'Founder', 'Maker', 'Co-founder & Designer'];

export const reviewTexts = [
  'Does exactly what it says and the onboarding took minutes.',
  'We replaced two other tools with it. Support answered within an hour.',
  'Solid product, a few rough edges in the mobile app.',
  'Good value for a small team; I would like more integrations.',
  'The best tool in this category I have tried so far.',
  'Fast, clean and reliable. Exports could be better.',
];

export const updateTitles = ['New: dark mode', 'Team workspaces are here', 'Faster sync engine', 'Mobile app beta', 'Integrations page', 'Pricing update'];

export const milestoneTitles = ['First 100 customers', 'Public launch', 'Seed round closed', 'Version 2.0 released', 'Reached 10,000 users', 'Profitable month'];

export const interviewQuestions = [
  'What problem does your product solve, in one sentence?',
  'Why did you start building it?',
  'Who is your ideal customer?',
  'What was the hardest part of getting to launch?',
  'How did you find your first ten users?',
  'What would you do differently if you started again?',
  'Which tools does your team rely on every day?',
  'What is next on your roadmap?',
  'What advice would you give a first-time founder?',
  'Where can people follow your journey?',
];

export const blogTopics = [
  { title: 'How to prepare for launch week', words: ['launch', 'checklist', 'audience'] },
  { title: 'Writing a tagline people remember', words: ['tagline', 'copywriting', 'positioning'] },
  { title: 'Free or paid launch: which one fits you', words: ['pricing', 'free plan', 'paid launch'] },
  { title: 'What the community votes tell you', words: ['votes', 'feedback', 'community'] },
  { title: 'Adding the badge to your homepage', words: ['badge', 'embed', 'homepage'] },
  { title: 'Founder stories that get read', words: ['story', 'founder', 'writing'] },
  { title: 'Domain Rating explained', words: ['domain rating', 'SEO', 'backlinks'] },
  { title: 'Reading your launch analytics', words: ['analytics', 'traffic', 'conversion'] },
  { title: 'Choosing the right category', words: ['category', 'discovery', 'search'] },
  { title: 'After the launch: the first 90 days', words: ['retention', 'growth', 'roadmap'] },
  { title: 'Pricing pages that convert', words: ['pricing', 'plans', 'conversion'] },
  { title: 'How awards are decided', words: ['awards', 'votes', 'launch of the week'] },
];
