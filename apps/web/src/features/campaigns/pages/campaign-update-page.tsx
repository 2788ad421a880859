import { campaignFormPages } from './campaign-form-pages.tsx';

export default campaignFormPages.UpdatePage;
