import type { completenessItems } from '../../../src/domain/draft-completeness.js';
import type { Fact } from '../../../src/domain/listing-facts.js';
import type { SocialPlatform } from '../../../src/domain/socials.js';
import type { storySections } from '../../operations/draft-schemas.js';

type LabelKey =
  (typeof completenessItems)[number] | Fact | SocialPlatform | (typeof storySections)[number] | 'shape' | 'mode' | 'size';

/** What people read for each field, platform and section the pages name: the one table of labels. */
export const fieldLabels: Record<LabelKey, string> = {
  name: 'Name',
  tagline: 'Tagline',
  short_description: 'Short description',
  description: 'Description',
  stage: 'Stage',
  categories: 'Categories',
  tags: 'Tags',
  pricing_model: 'Pricing model',
  pricing_summary: 'Pricing',
  country: 'Country',
  city: 'City',
  founded_year: 'Year founded',
  features: 'Features',
  usps: 'Why choose it',
  keywords: 'Keywords',
  contact_email: 'Contact email',
  demo_video_url: 'Demo video',
  logo_url: 'Logo',
  faqs: 'Questions and answers',
  founders: 'Founders',
  company_socials: 'Company social profiles',
  website_url: 'Website',
  votes: 'Votes',
  followers: 'Followers',
  community_rating: 'Community rating',
  domain_rating: 'Domain Rating',
  x: 'X',
  linkedin: 'LinkedIn',
  github: 'GitHub',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  discord: 'Discord',
  reddit: 'Reddit',
  mastodon: 'Mastodon',
  threads: 'Threads',
  bluesky: 'Bluesky',
  telegram: 'Telegram',
  pinterest: 'Pinterest',
  producthunt: 'Product Hunt',
  title: 'Title',
  story: 'The story',
  why_started: 'Why you started',
  problem: 'The problem',
  journey: 'The journey',
  challenges: 'Challenges',
  achievements: 'Achievements',
  lessons: 'Lessons',
  whats_next: "What's next",
  shape: 'Shape',
  mode: 'Colours',
  size: 'Size',
};

/** The label of a key the pages show; a key outside the table (a media kind someone typed) reads as words. */
export function fieldLabel(key: string): string {
  if (Object.hasOwn(fieldLabels, key)) return fieldLabels[key as LabelKey];
  const text = key.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
