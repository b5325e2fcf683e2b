import { Claim } from './claim.js';
import { Company } from './company.js';
import { Draft } from './draft.js';
import { Founder } from './founder.js';
import { FounderStory } from './founder-story.js';
import { InterviewAnswer } from './interview-answer.js';
import { Listing } from './listing.js';
import { ListingFounder } from './listing-founder.js';
import { ListingRevision } from './listing-revision.js';
import { ListingUpdate } from './listing-update.js';
import { Milestone } from './milestone.js';
import { Order } from './order.js';
import { OrderLine } from './order-line.js';
import { Product } from './product.js';
import { PromoCodeRecord } from './promo-code.js';
import { Follow } from './follow.js';
import { Review } from './review.js';
import { ModerationAppeal, ModerationCase, ModerationDecision, ModerationReport } from './moderation.js';
import { Vote } from './vote.js';
import { VoteVoid } from './vote-void.js';
import { AccountBlock } from './account-block.js';

/** Every entity the ORM knows; a new entity is one file plus one line here. */
export const entities = [
  AccountBlock,
  Draft,
  Company,
  Listing,
  ListingFounder,
  Founder,
  FounderStory,
  Milestone,
  ListingUpdate,
  ListingRevision,
  InterviewAnswer,
  Product,
  Order,
  OrderLine,
  PromoCodeRecord,
  Claim,
  Vote,
  Follow,
  Review,
  ModerationCase,
  ModerationReport,
  ModerationDecision,
  ModerationAppeal,
  VoteVoid,
];
