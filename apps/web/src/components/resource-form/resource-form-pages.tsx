import type { RecordDoors } from '@scentia/shared/access.rules';
import type { ErrorCode } from '@scentia/shared/error-codes';
import type { KitFieldKind } from '@scentia/shared/record-fields.schemas';
import type { TFunction } from 'i18next';
import { type ComponentProps, type ComponentType, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { useMayPass } from '../../lib/access.ts';
import { useIdParam } from '../../lib/use-id-param.ts';
import { RecordHistory } from '../record-history/record-history.tsx';
import { kitText } from '../resource-kit-keys.ts';
import { FormPageState } from './form-page-state.tsx';
import { type KitOnlyFormDeclaration, kitOnlyForm } from './kit-only-form.tsx';
import type { FormKit, ResourceFormComponentProps } from './resource-form.tsx';
import { useFormKit } from './use-form-kit.ts';
import { type RecordQuery, useOpenedRecord } from './use-opened-record.ts';

/** The rule maker's schema for pages that declare none (their form makes its own rules). */
const NO_SCHEMA = z.unknown();

/** What a resource's cards below its form get: the record, its reload, and a way to take in their saves. */
export type RecordCardsProps<Row> = {
  row: Row;
  reload: () => Promise<unknown>;
  adopt: (saved: Partial<Row>) => void;
};

/**
 * The pages' form: the resource's form component (`Form`), or, for a resource whose fields are all
 * the kit's, its declaration (`kitForm: { form: SUPPLIER_FORM, geo: addressGeo }`), from which the
 * pages build the form (`kitOnlyForm`): such a resource writes no form component.
 */
type PagesForm<Row, Values, Kinds extends Record<string, KitFieldKind>> =
  | { Form: ComponentType<ResourceFormComponentProps<Values, Row>>; kitForm?: undefined }
  | { kitForm: KitOnlyFormDeclaration<Kinds>; Form?: undefined };

export type ResourceFormPagesOptions<
  Row,
  Values,
  Body,
  Kinds extends Record<string, KitFieldKind> = Record<string, KitFieldKind>,
> = PagesForm<Row, Values, Kinds> & {
  /** The resource's locale namespace: it holds the kit's keys (RESOURCE_KIT_KEYS). */
  namespace: string;
  listPath: string;
  /**
   * The shared body schema the form checks its fields by: the pages then give the form its `kit`
   * (`formKit(props)`: the rule maker, the list path and the field paths read from `emptyValues`).
   */
  bodySchema?: z.ZodType;
  /** The feature's `get-<x>.ts` hook (`recordEndpoint(...).useRecord`). */
  useRecord: (id: number, isEnabled: boolean) => RecordQuery<Row>;
  /** The feature's `<x>-mutations.ts` declaration. */
  mutations: {
    useCreate: () => { mutateAsync: (body: Body) => Promise<unknown> };
    useUpdate: () => { mutateAsync: (input: { id: number; body: Body }) => Promise<unknown> };
  };
  /** The create page's values; `search` is its query string (a link may prefill the parent, `?organizationId=7`). */
  emptyValues: (search: URLSearchParams) => Values;
  toValues: (row: Row) => Values;
  /** The body a save sends; an edit also gets the record it was opened with (its `updatedAt`). */
  toBody: (values: Values, opened?: Row) => Body;
  recordId: (row: Row) => number;
  /** The History card's record type. */
  recordType: ComponentProps<typeof RecordHistory>['recordType'];
  /**
   * The shared rule's refusal to edit a loaded record (`organizationActionRefusal(state, 'edit')`): when
   * it answers a code, the page shows the namespace's `editInactive` instead of the form.
   */
  editRefusal?: (row: Row) => ErrorCode | undefined;
  /**
   * Why a loaded record cannot be edited while its page still serves it (an approved initiative is
   * reviewed there): the form shows it read-only with this reason, and the cards and history follow.
   */
  readOnlyReason?: (row: Row, t: TFunction) => string | undefined;
  /**
   * What the update page shows of the record besides its form, before the History card (its
   * locations); `reload` reads the record again into a fresh form, after a change made from a card;
   * `adopt` takes in what a card saved of the record (with its new version), keeping the form's edits.
   */
  RecordCards?: ComponentType<RecordCardsProps<Row>>;
  /**
   * The resource's doors in the shared role table: without the create door the create page says so;
   * without the update door the record's page is read-only. Staff-only resources leave it out.
   */
  doors?: RecordDoors;
};

/**
 * A resource's create and update pages, built from its form: the create page starts from the empty
 * form; the update page loads the record (`useIdParam`, `FormPageState` while loading, not found or
 * refused), saves with the record it was opened with, offers the reload after a stale save and shows
 * the History card. The dialog after a create, the leave guard and the failure alert are
 * `ResourceForm`'s. Each page file exports one of the two (`export default categoryFormPages.UpdatePage`),
 * so each stays its own chunk.
 */
export function resourceFormPages<
  Row,
  Values extends object,
  Body,
  const Kinds extends Record<string, KitFieldKind> = Record<string, KitFieldKind>,
>(options: ResourceFormPagesOptions<Row, Values, Body, Kinds>) {
  const { namespace, listPath, mutations, recordId, RecordCards } = options;
  const Form = options.Form ?? kitOnlyForm<Values, Row>(namespace, options.kitForm as KitOnlyFormDeclaration);
  const { doors, bodySchema } = options;
  /** The form's kit when the pages declare its body schema (made either way: a hook). */
  function usePagesKit(): FormKit<Values> | undefined {
    const kit = useFormKit<Values>({ ...options, bodySchema: bodySchema ?? NO_SCHEMA });
    return bodySchema ? kit : undefined;
  }

  function CreatePage() {
    const { t } = useTranslation(namespace);
    const create = mutations.useCreate();
    const [search] = useSearchParams();
    // Read from the query string the page opened with; a later change of it does not reset the form.
    const [initialValues] = useState(() => options.emptyValues(search));
    const kit = usePagesKit();
    const mayPass = useMayPass();
    if (doors && !mayPass(doors.create)) {
      const title = kitText(t, 'createTitle');
      return (
        <FormPageState
          t={t}
          title={title}
          listPath={listPath}
          forbiddenText={t('common:form.createRefused')}
        />
      );
    }
    return (
      <Form
        mode="create"
        kit={kit}
        title={kitText(t, 'createTitle')}
        initialValues={initialValues}
        onSubmit={(values) => create.mutateAsync(options.toBody(values))}
      />
    );
  }

  function UpdatePage() {
    const { t } = useTranslation(namespace);
    const id = useIdParam();
    const record = options.useRecord(id, id > 0);
    const update = mutations.useUpdate();
    const kit = usePagesKit();
    const opened = useOpenedRecord(record, id, recordId);
    const openedRow = opened?.row;
    const initialValues = useMemo(
      () => (openedRow === undefined ? undefined : options.toValues(openedRow)),
      [openedRow],
    );
    const mayPass = useMayPass();
    const mayUpdate = !doors || mayPass(doors.update);
    const title = kitText(t, 'editTitle');
    const refusal = opened && options.editRefusal?.(opened.row) ? t('editInactive') : undefined;

    if (id === 0 || !opened || !initialValues || refusal) {
      return (
        <FormPageState
          t={t}
          title={title}
          listPath={listPath}
          query={record}
          isNotFound={id === 0}
          forbiddenText={refusal}
        />
      );
    }
    const row = opened.row;
    return (
      <>
        <Form
          key={opened.revision}
          mode="edit"
          kit={kit}
          title={title}
          initialValues={initialValues}
          record={row}
          onSubmit={(values) => update.mutateAsync({ id, body: options.toBody(values, row) })}
          onReload={opened.reload}
          readOnlyReason={mayUpdate ? options.readOnlyReason?.(row, t) : t('common:form.readOnlyRole')}
        />
        {RecordCards && <RecordCards row={row} reload={opened.reload} adopt={opened.adopt} />}
        <RecordHistory recordType={options.recordType} recordId={id} />
      </>
    );
  }

  return { CreatePage, UpdatePage };
}
