import { forwardRef, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../../../components/plain-icon.tsx';
import './form-fields.css';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'prefix'> & {
  label: string;
  error?: string;
  prefix?: ReactNode;
  /** Adds a show/hide button; the input starts masked. */
  isPassword?: boolean;
};

/**
 * A labelled input with its error tied to it (aria-invalid, aria-describedby); a describedby given by
 * the caller (e.g. a hint) is kept next to the error.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, prefix, isPassword = false, type, 'aria-describedby': describedBy, ...inputProps },
  ref,
) {
  const { t } = useTranslation('auth');
  const id = useId();
  const errorId = `${id}-error`;
  const [isRevealed, setRevealed] = useState(false);
  const inputType = isPassword ? (isRevealed ? 'text' : 'password') : type;

  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-control">
        {prefix && <span className="field-prefix">{prefix}</span>}
        <input
          ref={ref}
          id={id}
          type={inputType}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined}
          {...inputProps}
        />
        {isPassword && (
          <button
            type="button"
            className="field-suffix"
            aria-label={isRevealed ? t('login.hidePassword') : t('login.showPassword')}
            aria-pressed={isRevealed}
            onClick={() => setRevealed((value) => !value)}
          >
            <PlainIcon name={isRevealed ? 'eye' : 'eye-invisible'} />
          </button>
        )}
      </div>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
});
