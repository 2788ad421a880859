import { fragranceFormPages } from './fragrance-form-pages.tsx';

export default fragranceFormPages.CreatePage;
