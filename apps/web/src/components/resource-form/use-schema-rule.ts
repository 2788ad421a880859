import type { z } from 'zod';
import { schemaPathRule } from '../../lib/form-rules.ts';
import { useTranslateIssue } from '../../lib/use-translate-issue.ts';

/**
 * The rule maker of a form checked by its shared body schema: `rule('name', true)` (or a path,
 * `rule(['address', 'zipcode'])`) shows the schema's first problem at that field, in the page's language.
 */
/** The rule maker of a form whose values are `Values`. */
export type SchemaRule<Values> = ReturnType<typeof useSchemaRule<Values>>;

export function useSchemaRule<Values>(schema: z.ZodType, toBody: (values: Values) => unknown) {
  const translate = useTranslateIssue();
  return (field: string | readonly (string | number)[], isRequired = false) =>
    schemaPathRule(schema, toBody, typeof field === 'string' ? [field] : field, translate, isRequired);
}
