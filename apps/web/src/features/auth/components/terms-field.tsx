import { forwardRef, useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import './form-fields.css';

type TermsFieldProps = {
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
  error?: string;
};

/** "I have read and accept the terms of use and the privacy policy", with its error tied to it. */
export const TermsField = forwardRef<HTMLInputElement, TermsFieldProps>(function TermsField(
  { isChecked, onChange, error },
  ref,
) {
  const { t } = useTranslation('auth');
  const errorId = useId();
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="check-field">
        <input
          ref={ref}
          type="checkbox"
          name="terms"
          checked={isChecked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>
          <Trans t={t} i18nKey="login.terms" components={{ 1: <Link to={PATHS.privacyPolicy} /> }} />
        </span>
      </label>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
});
