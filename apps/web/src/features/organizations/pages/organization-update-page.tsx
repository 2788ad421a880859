import { organizationFormPages } from './organization-form-pages.tsx';

export default organizationFormPages.UpdatePage;
