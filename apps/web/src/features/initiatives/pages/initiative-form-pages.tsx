import { resourceFormPages } from '../../../components/resource-form/resource-form-pages.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { initiativeRecord } from '../api/get-initiative.ts';
import { initiativeMutations } from '../api/initiative-mutations.ts';
import { InitiativeForm } from '../components/initiative-form.tsx';
import { InitiativeReviewCards } from '../components/initiative-review-cards.tsx';
import { initiativeReadOnlyReason } from '../initiative-actions.ts';
import { emptyInitiativeForm, initiativeFormToBody, initiativeToForm } from '../initiative-form-values.ts';
import '../components/initiatives.css';

/**
 * /admin/initiatives/create (`?organizationId=&campaignId=` prefill them) and
 * /admin/initiatives/{id}/update: the form (read-only once approved, rejected or inactive, saying
 * why), then the review, the status history, the mails and the record's History card.
 */
export const initiativeFormPages = resourceFormPages({
  namespace: 'initiatives',
  Form: InitiativeForm,
  listPath: PATHS.admin.initiatives.list,
  useRecord: initiativeRecord.useRecord,
  mutations: initiativeMutations,
  emptyValues: emptyInitiativeForm,
  toValues: initiativeToForm,
  toBody: initiativeFormToBody,
  recordId: (initiative) => initiative.initiativeId,
  recordType: 'initiative',
  readOnlyReason: (initiative, t) => {
    const reason = initiativeReadOnlyReason(initiative.status);
    return reason ? t(reason) : undefined;
  },
  RecordCards: InitiativeReviewCards,
});
