import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { AppError } from '../errors.js';

/** Schemas of the files operators feed the catalogue commands, with the spec's bounds. */

export const faqSchema = z.strictObject({ question: z.string().min(1).max(300), answer: z.string().min(1).max(1500) });
export const slugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,219}$/, 'must match ^[a-z0-9][a-z0-9-]{0,219}$');

type CategoryNode = {
  slug: string;
  name: string;
  description?: string;
  faqs?: Array<z.infer<typeof faqSchema>>;
  subcategories?: CategoryNode[];
};
export const categoryTreeSchema: z.ZodType<CategoryNode[]> = z.array(
  z.strictObject({
    slug: slugSchema,
    name: z.string().min(1).max(200),
    description: z.string().max(5000).optional(),
    faqs: z.array(faqSchema).max(20).optional(),
    get subcategories() {
      return categoryTreeSchema.optional();
    },
  }),
);

/** Reads and validates a JSON file; an AppError names the bad paths. */
export function readJsonFile<T>(path: string, schema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new AppError('invalid_input', `${path}: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new AppError(
      'invalid_input',
      `${path} is not valid:\n${parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n')}`,
    );
  }
  return parsed.data;
}
