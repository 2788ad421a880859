import type { PublicConfig } from '@scentia/shared/auth.schemas';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { Trans } from 'react-i18next';
import { describeDays, describeParts } from '../retention-period.ts';

type Retention = PublicConfig['retention'];
type RetentionKind = keyof Retention;

const KINDS: readonly RetentionKind[] = ['personalDataDays', 'accessLogDays', 'auditDays'];

/**
 * What the server's configuration can never go past (apps/api config: personal data at most 1826
 * days, the access log at least 183, audit records at most 3653): true whatever the deployment
 * chose, so they are what the page states when the configured periods cannot be read.
 */
const BOUNDS: Record<RetentionKind, { key: 'atMost' | 'atLeast'; years: number; months: number }> = {
  personalDataDays: { key: 'atMost', years: 5, months: 0 },
  accessLogDays: { key: 'atLeast', years: 0, months: 6 },
  auditDays: { key: 'atMost', years: 10, months: 0 },
};

type RetentionPeriodsProps = {
  /** The translator of the `privacy` namespace in the language this list is written in. */
  t: TFunction;
  language: string;
  /** The configured periods; undefined while loading or when they could not be read. */
  retention: Retention | undefined;
  isLoading: boolean;
};

/**
 * The retention periods the server applies, read from GET /api/public-config. While they load, each
 * period keeps its place with a placeholder of about its width, so the text does not jump when they
 * arrive; when they cannot be read, the limits the configuration always respects are stated instead.
 */
export function RetentionPeriods({ t, language, retention, isLoading }: RetentionPeriodsProps) {
  const isUnavailable = !isLoading && !retention;

  /** The period's text and the element that shows it inside the sentence. */
  function period(kind: RetentionKind): { text: string; element: ReactElement } {
    if (retention) return { text: describeDays(retention[kind], t, language), element: <strong /> };
    if (isLoading) {
      return {
        text: t('retention.placeholder'),
        element: <span className="retention-placeholder" aria-hidden="true" />,
      };
    }
    const bound = BOUNDS[kind];
    const limit = describeParts({ years: bound.years, months: bound.months, days: 0 }, t, language);
    return { text: t(`retention.${bound.key}`, { period: limit }), element: <strong /> };
  }

  return (
    <div className="retention" lang={language}>
      {isLoading && <p className="visually-hidden">{t('retention.loading')}</p>}
      {isUnavailable && <p className="retention-unavailable">{t('retention.unavailable')}</p>}
      <dl className="retention-list" aria-busy={isLoading}>
        {KINDS.map((kind) => {
          const { text, element } = period(kind);
          return (
            <div key={kind} className="retention-item" data-kind={kind}>
              <dt>{t(`retention.${kind}.label`)}</dt>
              <dd>
                <Trans
                  t={t}
                  i18nKey={`retention.${kind}.text`}
                  values={{ period: text }}
                  components={{ period: element }}
                />
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
