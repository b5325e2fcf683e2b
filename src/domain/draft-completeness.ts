import { draftFieldNames } from './draft-fields.js';
import type { DraftFields, DraftParts } from './draft-content.js';

/**
 * How complete a draft's profile is: every profile field, plus FAQs, founders and company socials,
 * each counts once when it holds a value, whatever its state. Story, milestones, SEO and the
 * competitor link are optional extras and do not count.
 */
export const completenessItems = [...draftFieldNames, 'faqs', 'founders', 'company_socials'] as const;

export interface Completeness {
  /** Percentage of the items filled, 0 to 100, rounded down. */
  completeness: number;
  /** Items still empty, in spec order. */
  missing: string[];
}

export function completenessOf(
  fields: DraftFields,
  parts: Pick<DraftParts, 'faqs' | 'founders' | 'company_socials'>,
): Completeness {
  const filled = (item: (typeof completenessItems)[number]): boolean => {
    switch (item) {
      case 'faqs':
        return parts.faqs.length > 0;
      case 'founders':
        return parts.founders.length > 0;
      case 'company_socials':
        return Object.keys(parts.company_socials).length > 0;
      default: {
        const value = fields[item]?.value;
        return Array.isArray(value) ? value.length > 0 : value != null && value !== '';
      }
    }
  };
  const missing = completenessItems.filter((item) => !filled(item));
  return { completeness: Math.floor(((completenessItems.length - missing.length) * 100) / completenessItems.length), missing };
}
