import { ArrayType, type Platform, type TransformContext } from '@mikro-orm/core';

/**
 * A PostgreSQL `text[]` column whose every element is quoted in the array literal. The ORM's own
 * array type quotes only elements with commas, quotes or braces, and with JSON escapes, so
 * PostgreSQL would trim spaces, read `NULL` as null, and read a quoted element's line break as `n`.
 */
export class TextArrayType extends ArrayType<string> {
  override convertToDatabaseValue(value: string[] | null, platform: Platform, context?: TransformContext): string | null {
    if (!Array.isArray(value)) return super.convertToDatabaseValue(value, platform, context);
    return `{${value.map((item) => `"${item.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  }

  override getColumnType(): string {
    return 'text[]';
  }
}
