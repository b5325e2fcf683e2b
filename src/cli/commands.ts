import type { CliCommand } from './command.js';
import { migrateCommand } from './migrate.js';
import { doctorCommand } from './doctor.js';
import { userCommand } from './user.js';
import { apiKeyCommand } from './apikey.js';
import { seedCommand } from './seed.js';
import { siteCommand } from './site.js';
import { listingCommand } from './listing.js';
import { orderCommand } from './order.js';
import { promoCommand } from './promo.js';
import { awardsCommand } from './awards.js';
import { votesCommand } from './votes.js';
import { caseCommand } from './case.js';
import {
  addBlogPostCommand,
  addInterviewQuestionsCommand,
  importCategoriesCommand,
  setPriceCommand,
} from './catalogue-commands.js';

/** Every operator command; a new one is a file in src/cli/ plus one line here. */
export const commands: Record<string, CliCommand> = {
  migrate: migrateCommand,
  doctor: doctorCommand,
  user: userCommand,
  apikey: apiKeyCommand,
  seed: seedCommand,
  site: siteCommand,
  listing: listingCommand,
  order: orderCommand,
  promo: promoCommand,
  awards: awardsCommand,
  votes: votesCommand,
  case: caseCommand,
  'set-price': setPriceCommand,
  'import-categories': importCategoriesCommand,
  'add-blog-post': addBlogPostCommand,
  'add-interview-questions': addInterviewQuestionsCommand,
};
