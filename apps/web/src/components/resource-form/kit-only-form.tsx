import type { KitFieldKind } from '@scentia/shared/record-fields.schemas';
import { Form } from 'antd';
import type { TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddressGeo } from '../address-block/address-geo.ts';
import { KitSections } from './kit-sections.tsx';
import { formKit, ResourceForm, type ResourceFormComponentProps } from './resource-form.tsx';

/** What a resource says of a kit field where its words say more than the kit's (`KitSections`' `fields`). */
type KitFieldTexts = { label?: ReactNode; extra?: ReactNode };

/**
 * The form of a resource whose fields are all the kit's, declared in its pages (`resourceFormPages({
 * kitForm: { form: SUPPLIER_FORM, geo: addressGeo } })`) instead of written: its values' declaration
 * (`kitFormValues(<X>_KIT_FIELDS)`), the address lookups when it has an address, and, where its words
 * say more than the kit's, a field's hint or label and a section's heading, from the resource's
 * translator (`texts: (t) => ({ fields: { name: { extra: t('nameHint') } } })`).
 */
export type KitOnlyFormDeclaration<
  Kinds extends Record<string, KitFieldKind> = Record<string, KitFieldKind>,
> = {
  /** The form values' declaration, `kitFormValues(<X>_KIT_FIELDS)`: its kinds lay out the sections. */
  form: { kinds: Kinds; fields: { [Field in keyof Kinds]: unknown } };
  texts?: (t: TFunction) => {
    fields?: { [Field in keyof Kinds]?: KitFieldTexts };
    legends?: { company?: ReactNode; contact?: ReactNode; notes?: ReactNode };
  };
} & ([Extract<Kinds[keyof Kinds], 'address' | 'optionalAddress'>] extends [never]
  ? { geo?: undefined }
  : {
      /** The geo feature's lookups for the address block (`addressGeo`), an optional one's too. */ geo: AddressGeo;
    });

/**
 * A form component from a kit-only declaration: `ResourceForm` with the kit's sections and nothing
 * else, each field checked by the shared body schema (the pages' `bodySchema` gives the rule maker).
 * `namespace` is the resource's, for the texts it passes.
 */
export function kitOnlyForm<Values extends object, Row>(
  namespace: string,
  declaration: KitOnlyFormDeclaration,
): ComponentType<ResourceFormComponentProps<Values, Row>> {
  function KitOnlyForm(props: ResourceFormComponentProps<Values, Row>) {
    const { t } = useTranslation(namespace);
    const [form] = Form.useForm<Values>();
    const { rule } = formKit(props);
    const texts = declaration.texts?.(t) ?? {};
    const sections = { ...texts, form: declaration.form, rule, geo: declaration.geo };
    return (
      <ResourceForm<Values> {...props} form={form}>
        {/* The declaration's type holds the sections' props (the geo with an address). */}
        <KitSections {...(sections as Parameters<typeof KitSections>[0])} />
      </ResourceForm>
    );
  }
  return KitOnlyForm;
}
