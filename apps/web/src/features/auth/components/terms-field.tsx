import { forwardRef, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import './form-fields.css';

type TermsFieldProps = {
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
  error?: string;
};

/**
 * The text of `login.terms` with its `<1>…</1>` part as a link to the privacy policy. Split by hand
 * rather than with react-i18next's Trans, which would add 4 KB of gzipped JavaScript to the login
 * route; a text without the markers shows as plain text.
 */
function TermsText({ text }: { text: string }) {
  const match = /^([\s\S]*)<1>([\s\S]*)<\/1>([\s\S]*)$/.exec(text);
  if (!match) return text;
  const [, before, link, after] = match;
  return (
    <>
      {before}
      <Link to={PATHS.privacyPolicy}>{link}</Link>
      {after}
    </>
  );
}

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
          <TermsText text={t('login.terms')} />
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
