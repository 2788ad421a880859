import type { InitiativeDetail } from '@scentia/shared/initiatives.schemas';
import type { TFunction } from 'i18next';
import { resourceFormPages } from '../../../components/resource-form/resource-form-pages.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { initiativeRecord } from '../api/get-initiative.ts';
import { initiativeMutations } from '../api/initiative-mutations.ts';
import { InitiativeForm } from '../components/initiative-form.tsx';
import { InitiativeReviewCards } from '../components/initiative-review-cards.tsx';
import { initiativeReadOnlyReason } from '../initiative-actions.ts';
import { emptyInitiativeForm, initiativeFormToBody, initiativeToForm } from '../initiative-form-values.ts';
import { useInitiativeAccess } from '../use-initiative-access.ts';
import '../components/initiatives.css';

/** The pages of someone who may propose (staff, Managers): editable in review or when changes are asked. */
const pagesFor = (readOnlyReason: (initiative: InitiativeDetail, t: TFunction) => string | undefined) =>
  resourceFormPages({
    namespace: 'initiatives',
    Form: InitiativeForm,
    listPath: PATHS.admin.initiatives.list,
    useRecord: initiativeRecord.useRecord,
    mutations: initiativeMutations,
    emptyValues: emptyInitiativeForm,
    toValues: initiativeToForm,
    toBody: initiativeFormToBody,
    recordId: (initiative) => initiative.initiativeId,
    // The trail is the staff's: a member's request for it is refused, and the card then stays away.
    recordType: 'initiative',
    readOnlyReason,
    RecordCards: InitiativeReviewCards,
  });

const statusReason = (initiative: InitiativeDetail, t: TFunction) => {
  const reason = initiativeReadOnlyReason(initiative.status);
  return reason ? t(reason) : undefined;
};
const proposerPages = pagesFor(statusReason);
/** A Viewer reads every initiative of their sites, and changes none. */
const readerPages = pagesFor((_initiative, t) => t('readOnly.viewer'));

/**
 * /admin/initiatives/create (`?organizationId=&campaignId=` prefill them) and
 * /admin/initiatives/{id}/update: the form (read-only once approved, rejected or inactive, or for a
 * Viewer, saying why), then the review, the status history, the mails and the record's History card.
 */
export const initiativeFormPages = {
  CreatePage: proposerPages.CreatePage,
  UpdatePage() {
    const Page = useInitiativeAccess().mayPropose ? proposerPages.UpdatePage : readerPages.UpdatePage;
    return <Page />;
  },
};
