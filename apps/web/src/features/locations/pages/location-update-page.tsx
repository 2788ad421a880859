import { locationFormPages } from './location-form-pages.tsx';

export default locationFormPages.UpdatePage;
