import { categoryFormPages } from './category-form-pages.tsx';

export default categoryFormPages.UpdatePage;
