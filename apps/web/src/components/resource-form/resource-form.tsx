import { CheckCircleFilled } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, type FormInstance, Modal } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { hasChanges } from '../../lib/form-values.ts';
import { type FieldPath, mapServerFields } from '../../lib/server-field-errors.ts';
import { PageHeading } from '../page-heading.tsx';
import { isStaleSave, type SaveFailure, SaveFailureAlert } from './save-failure-alert.tsx';
import { useLeaveGuard } from './use-leave-guard.ts';
import type { SchemaRule } from './use-schema-rule.ts';
import './resource-form.css';

/** What a resource's form component gets from its pages (`resourceFormPages`) and hands on to `ResourceForm`. */
export type ResourceFormComponentProps<Values, Row = unknown> = {
  mode: 'create' | 'edit';
  title: string;
  /** The loaded record (edit) or the empty form (create): what 'revert' and 'clean' go back to. */
  initialValues: Values;
  onSubmit: (values: Values) => Promise<unknown>;
  /**
   * Reads the record again after a save refused as stale (409 STALE_RECORD): the failure's alert then
   * offers it, so the page needs no alert of its own saying the same thing.
   */
  onReload?: () => Promise<unknown>;
  /** The record the edit form was opened with (labels the form shows before it searches). */
  record?: Row;
  /** Why the loaded record may not be changed: the form shows it read-only, with this reason above it. */
  readOnlyReason?: string;
  /** What the pages know of the form (`resourceFormPages` with `bodySchema`): see `FormKit`. */
  kit?: FormKit<Values>;
};

/**
 * The form's wiring, from its pages' declaration (`resourceFormPages({ bodySchema, toBody, listPath,
 * emptyValues })`): the rule maker checking a field by the shared body schema (`kit.rule('name',
 * true)`), the list it goes back to, and its fields for the server's field errors (`formFieldPaths`
 * of its empty values). `ResourceForm` reads the last two by itself.
 */
export type FormKit<Values> = {
  rule: SchemaRule<Values>;
  listPath: string;
  fieldPaths: readonly FieldPath[];
};

/** The form's kit (`props.kit`), which its pages give when they declare the `bodySchema`. */
export function formKit<Values>(props: { kit?: FormKit<Values> }): FormKit<Values> {
  if (!props.kit) throw new Error('The form pages declare no bodySchema');
  return props.kit;
}

export type ResourceFormProps<Values> = ResourceFormComponentProps<Values> & {
  form: FormInstance<Values>;
  /** The list the form goes back to; `kit.listPath` when absent. */
  listPath?: string;
  /** The form's fields, for placing the server's field errors (`address.zipcode`); `kit.fieldPaths` when absent. */
  fieldPaths?: readonly FieldPath[];
  /**
   * Error codes of the resource's own that belong to one field (DEVICE_MAC_TAKEN → macAddress): the
   * message goes under it too. The kit's unique fields' codes need none (`KIT_CODE_FIELDS`).
   */
  codeFields?: Readonly<Record<string, FieldPath>>;
  /** Re-checks fields whose rules depend on other fields (the CPF on the country). */
  onValuesChange?: (changed: Partial<Values>, all: Values) => void;
  /** The screen's own text for a failed save without a server message (default: the generic one). */
  saveErrorText?: string;
  children: ReactNode;
};

/**
 * The codes of the kit's unique fields (a taken name, CNPJ or e-mail) and the field each belongs
 * under, wherever a form has that field.
 */
const KIT_CODE_FIELDS: Readonly<Record<string, FieldPath>> = {
  NAME_TAKEN: ['name'],
  CNPJ_TAKEN: ['cnpj'],
  EMAIL_TAKEN: ['email'],
};

function kitCodeField(code: string, fieldPaths: readonly FieldPath[]): FieldPath | undefined {
  const field = KIT_CODE_FIELDS[code];
  return field && fieldPaths.some((path) => path.join('.') === field.join('.')) ? field : undefined;
}

/**
 * A create/edit form page (spec §2 "Forms"): save is disabled while the form is invalid; the second
 * button reverts to the loaded values (edit) or cleans the form (create); cancel goes back to the
 * list. A create ends in a dialog offering a new record or the exit; an edit goes back to the list
 * with the success message. A 4xx shows the server's message and puts its field errors under the
 * fields; anything else shows the generic save error. Unsaved changes are guarded.
 */
export function ResourceForm<Values extends object>(props: ResourceFormProps<Values>) {
  const { t } = useTranslation();
  const { form, mode, initialValues, onReload, readOnlyReason } = props;
  const listPath = props.listPath ?? formKit(props).listPath;
  const fieldPaths = props.fieldPaths ?? formKit(props).fieldPaths;
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const values = Form.useWatch([], { form, preserve: true }) as Values | undefined;
  const [isValid, setValid] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | undefined>(undefined);
  const failureCount = useRef(0);
  const isDirty = values !== undefined && hasChanges(values, initialValues);
  const canLeave = useRef(false);
  const isDirtyNow = useRef(isDirty);
  isDirtyNow.current = isDirty;

  // Validity follows every change; an older check finishing late must not overwrite a newer one.
  const checkId = useRef(0);
  useEffect(() => {
    if (values === undefined) return;
    checkId.current += 1;
    const id = checkId.current;
    form.validateFields({ validateOnly: true }).then(
      () => id === checkId.current && setValid(true),
      () => id === checkId.current && setValid(false),
    );
  }, [form, values]);

  const blocker = useLeaveGuard(() => isDirtyNow.current && !canLeave.current, isDirty && !canLeave.current);

  function leave() {
    canLeave.current = true;
    void navigate(listPath);
  }

  // After the reload the page shows the current record (a new form); the failure is over.
  const reloadRecord = (reload: () => Promise<unknown>) => async () => {
    await reload();
    setFailure(undefined);
  };

  function restore() {
    form.resetFields();
    setFailure(undefined);
  }

  async function submit(submitted: Values) {
    setFailure(undefined);
    setSaving(true);
    try {
      await props.onSubmit(submitted);
    } catch (error) {
      failureCount.current += 1;
      setFailure({
        id: failureCount.current,
        text: showFailure(error),
        isStale: isStaleSave(error),
      });
      return;
    } finally {
      setSaving(false);
    }
    if (mode === 'edit') {
      void message.success(t('form.saved'));
      leave();
      return;
    }
    canLeave.current = true;
    modal.confirm({
      icon: <CheckCircleFilled className="form-saved-icon" />,
      title: t('form.saved'),
      content: t('form.createdNext'),
      okText: t('form.newRecord'),
      cancelText: t('form.exit'),
      centered: true,
      onOk: () => {
        restore();
        canLeave.current = false;
      },
      onCancel: () => void navigate(listPath),
    });
  }

  function showFailure(error: unknown): string {
    const saveError = props.saveErrorText ?? t('form.saveError');
    if (!isApiError(error) || !error.isClientError) {
      return errorMessage(error, t, saveError);
    }
    const { placed } = mapServerFields(error.fields, fieldPaths);
    const codeField = props.codeFields?.[error.code] ?? kitCodeField(error.code, fieldPaths);
    if (codeField && error.message) placed.push({ name: codeField, errors: [error.message] });
    // The fields are marked; the focus goes to the one alert that says what happened (SaveFailureAlert).
    if (placed.length > 0)
      form.setFields(placed.map(({ name, errors }) => ({ name: name as never, errors })));
    return error.message || saveError;
  }

  return (
    <>
      <PageHeading title={props.title} />
      <Card className="resource-form">
        {readOnlyReason && (
          <Alert type="info" showIcon title={readOnlyReason} className="resource-form-read-only" />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          // The whole store, not only the fields on screen: a field a choice hides (the user's
          // Document while the country is Brazil) keeps what was loaded instead of being erased.
          onFinish={() => void submit(form.getFieldsValue(true))}
          onValuesChange={props.onValuesChange}
          onKeyDownCapture={keepEnterInDatePicker}
          disabled={isSaving || readOnlyReason !== undefined}
          scrollToFirstError
        >
          {props.children}
          {failure && (
            <SaveFailureAlert
              key={failure.id}
              failure={failure}
              onReload={onReload && reloadRecord(onReload)}
            />
          )}
          <div className="resource-form-actions">
            <Link to={listPath} className="resource-form-cancel">
              {readOnlyReason ? t('form.backToList') : t('actions.cancel')}
            </Link>
            {!readOnlyReason && (
              <>
                <Button onClick={restore} disabled={isSaving || !isDirty}>
                  {mode === 'edit' ? t('form.revert') : t('form.clean')}
                </Button>
                <Button type="primary" htmlType="submit" loading={isSaving} disabled={!isValid || isSaving}>
                  {t('form.save')}
                </Button>
              </>
            )}
          </div>
        </Form>
      </Card>
      <Modal
        open={blocker.state === 'blocked'}
        title={t('form.leaveTitle')}
        okText={t('form.leave')}
        cancelText={t('form.stay')}
        okButtonProps={{ danger: true }}
        onOk={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
        centered
      >
        <p>{t('form.leaveText')}</p>
      </Modal>
    </>
  );
}

/**
 * Enter in a date field commits the typed date (the picker's own handling, which still runs) and no
 * more: without this, the browser also submits the form from the text input.
 */
function keepEnterInDatePicker(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key === 'Enter' && event.target instanceof Element && event.target.closest('.ant-picker')) {
    event.preventDefault();
  }
}
