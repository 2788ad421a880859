import type { KitFieldKind } from '@scentia/shared/record-fields.schemas';
import type { Rule } from 'antd/es/form';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressBlock } from '../address-block/address-block.tsx';
import type { AddressGeo } from '../address-block/address-geo.ts';
import type { AddressFormValues } from '../address-block/address-values.ts';
import { FormSection } from './form-layout.tsx';
import { CnpjField, EmailField, NameField, NotesField, PhoneField } from './kit-fields.tsx';

/*
 * A form's shared fields laid out from the resource's one declaration of them (`kitFormValues`, whose
 * `kinds` come from the shared `kitFields`): each kind has its section, and the sections come in the
 * kit's order, with the kit's wording (`common:form.kit`, three languages). A resource gives only what
 * is its own: its fields, placed before or after a kit field, and a label, hint or legend where its
 * words say more than the kit's (an organisation's "Contact person").
 */

type KitSection = 'company' | 'contact' | 'address' | 'notes';
/** The kinds laid out as the address block (a required address, or one the record may lack). */
type AddressKind = 'address' | 'optionalAddress';

/** Where each kind of field goes: the name with the CNPJ, the e-mail with the phone, the note last. */
const SECTION_OF: Readonly<Record<KitFieldKind, KitSection>> = {
  name: 'company',
  cnpj: 'company',
  optionalCnpj: 'company',
  email: 'contact',
  phone: 'contact',
  address: 'address',
  optionalAddress: 'address',
  note: 'notes',
};
const SECTIONS: readonly KitSection[] = ['company', 'contact', 'address', 'notes'];

/** The kit's label of each kind (`common:form.kit.fields.*`); an optional CNPJ is a CNPJ. */
const LABEL_OF = {
  name: 'form.kit.fields.name',
  cnpj: 'form.kit.fields.cnpj',
  optionalCnpj: 'form.kit.fields.cnpj',
  email: 'form.kit.fields.email',
  phone: 'form.kit.fields.phone',
  note: 'form.kit.fields.note',
} as const satisfies Readonly<Record<Exclude<KitFieldKind, AddressKind>, string>>;

/** What a resource may say of one of its kit fields: its own label or hint, or that it is read-only. */
type KitFieldOptions = { label?: ReactNode; extra?: ReactNode; isDisabled?: boolean };

/** The address block's marks, as `requiredAddress()` / `optionalAddress()` give them (`.block`). */
type AddressBlockMarks = { isRequired: boolean; required: readonly (keyof AddressFormValues)[] };

type KitSectionsProps<Kinds extends Record<string, KitFieldKind>> = {
  /** The form's declaration (`kitFormValues`): its kinds, and each address field's block marks. */
  form: {
    kinds: Kinds;
    fields: {
      [Field in keyof Kinds]: Kinds[Field] extends AddressKind ? { block: AddressBlockMarks } : unknown;
    };
  };
  /** The form's rule maker (`formKit(props).rule`): each field is checked by the shared body schema. */
  rule: (field: string, isRequired?: boolean) => Rule;
  /** A kit field's own label or hint (`extra`), or its read-only state, where the resource's differ. */
  fields?: { [Field in keyof Kinds]?: KitFieldOptions };
  /** A section's heading where the resource's words say more (`contact: t('sections.contact')`). */
  legends?: { company?: ReactNode; contact?: ReactNode; notes?: ReactNode };
  /** The resource's own fields (`<Field>`s), each group in the section of the kit field it precedes. */
  before?: { [Field in keyof Kinds]?: ReactNode };
  /** The resource's own fields, each group in the section of the kit field it follows. */
  after?: { [Field in keyof Kinds]?: ReactNode };
} & ([Extract<Kinds[keyof Kinds], AddressKind>] extends [never]
  ? { geo?: undefined }
  : { /** The geo feature's lookups for the address block (`addressGeo`). */ geo: AddressGeo });

/**
 * The sections of a form's shared fields, in the kit's order: the name and CNPJ (under "Company" when
 * there is a CNPJ, a company's identity; without a heading otherwise), the e-mail and phone under
 * "Contact", the address block, then the note. A section none of the form's fields belong to is left
 * out. A supplier's whole form is `<KitSections form={SUPPLIER_FORM} rule={rule} geo={addressGeo} />`.
 */
export function KitSections<Kinds extends Record<string, KitFieldKind>>(props: KitSectionsProps<Kinds>) {
  const { t } = useTranslation('common');
  const { form, rule, legends = {} } = props;
  const fields: Partial<Record<string, KitFieldOptions>> = props.fields ?? {};
  const before: Partial<Record<string, ReactNode>> = props.before ?? {};
  const after: Partial<Record<string, ReactNode>> = props.after ?? {};
  const declared = Object.entries(form.kinds) as [keyof Kinds & string, KitFieldKind][];
  const kinds = new Set(declared.map(([, kind]) => kind));
  const defaultLegends: Record<KitSection, ReactNode> = {
    company: kinds.has('cnpj') || kinds.has('optionalCnpj') ? t('form.kit.sections.company') : undefined,
    contact: t('form.kit.sections.contact'),
    address: undefined,
    notes: undefined,
  };

  function kitField(field: keyof Kinds & string, kind: Exclude<KitFieldKind, AddressKind>) {
    const options: KitFieldOptions = fields[field] ?? {};
    const shown = { name: field, rule, ...options, label: options.label ?? t(LABEL_OF[kind]) };
    if (kind === 'name') return <NameField {...shown} />;
    if (kind === 'cnpj') return <CnpjField {...shown} />;
    if (kind === 'optionalCnpj') return <CnpjField {...shown} isRequired={false} />;
    if (kind === 'email') return <EmailField {...shown} />;
    if (kind === 'phone') return <PhoneField {...shown} />;
    return <NotesField {...shown} />;
  }

  return SECTIONS.map((section) => {
    const inSection = declared.filter(([, kind]) => SECTION_OF[kind] === section);
    if (inSection.length === 0) return null;
    if (section === 'address')
      return inSection.map(([field]) => (
        <Fragment key={field}>
          {before[field] && <FormSection>{before[field]}</FormSection>}
          <AddressBlock
            geo={props.geo as AddressGeo}
            name={field}
            {...(form.fields[field] as { block: AddressBlockMarks }).block}
          />
          {after[field] && <FormSection>{after[field]}</FormSection>}
        </Fragment>
      ));
    return (
      <FormSection
        key={section}
        legend={legends[section as Exclude<KitSection, 'address'>] ?? defaultLegends[section]}
      >
        {inSection.map(([field, kind]) => (
          <Fragment key={field}>
            {before[field]}
            {kitField(field, kind as Exclude<KitFieldKind, AddressKind>)}
            {after[field]}
          </Fragment>
        ))}
      </FormSection>
    );
  });
}
