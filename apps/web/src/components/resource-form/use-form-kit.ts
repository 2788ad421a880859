import { useMemo } from 'react';
import type { z } from 'zod';
import { formFieldPaths } from './form-field-paths.ts';
import type { FormKit } from './resource-form.tsx';
import { useSchemaRule } from './use-schema-rule.ts';

/** What a form's kit is made of: the pages' declaration (`resourceFormPages`) has each. */
export type FormKitDeclaration<Values> = {
  bodySchema: z.ZodType;
  toBody: (values: Values) => unknown;
  listPath: string;
  emptyValues: (search: URLSearchParams) => Values;
};

/**
 * A form's kit from its declaration: the rule maker by the shared body schema, the list path and the
 * fields of its empty values (`formFieldPaths`). `resourceFormPages` gives it to its form; a form shown
 * elsewhere (a test) makes it the same way.
 */
export function useFormKit<Values>(declaration: FormKitDeclaration<Values>): FormKit<Values> {
  const { bodySchema, toBody, listPath, emptyValues } = declaration;
  const rule = useSchemaRule<Values>(bodySchema, toBody);
  // The fields of the empty form, whatever a link would prefill.
  const fieldPaths = useMemo(
    () => formFieldPaths(emptyValues(new URLSearchParams()) as object),
    [emptyValues],
  );
  return { rule, listPath, fieldPaths };
}
