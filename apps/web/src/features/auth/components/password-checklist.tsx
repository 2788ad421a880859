import { unmetPasswordHints } from '@scentia/shared/validators';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../../../components/plain-icon.tsx';
import { PASSWORD_HINTS } from '../password-rules.ts';
import './password-checklist.css';

type PasswordChecklistProps = { password: string; id?: string };

/**
 * The hints of spec §5 (more than 8 characters, numbers, upper and lower case, special characters),
 * ticked live as the password is typed. Advice only: nothing here stops the form. Each item says
 * in words whether it is met, so the state does not rest on the icon's colour.
 */
export function PasswordChecklist({ password, id }: PasswordChecklistProps) {
  const { t } = useTranslation();
  const unmet = new Set(unmetPasswordHints(password));
  return (
    <div className="password-checklist" id={id}>
      <p className="password-checklist-title">{t('passwordChecklist.title')}</p>
      <ul>
        {PASSWORD_HINTS.map((hint) => {
          const isMet = !unmet.has(hint);
          return (
            <li key={hint} className={isMet ? 'is-met' : undefined} data-hint={hint} data-met={isMet}>
              <PlainIcon name={isMet ? 'check-circle' : 'circle'} />
              <span>
                {t(`passwordChecklist.${hint}`)}
                <span className="visually-hidden">
                  {' '}
                  ({isMet ? t('passwordChecklist.met') : t('passwordChecklist.unmet')})
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
