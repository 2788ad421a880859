import { deviceFormPages } from './device-form-pages.tsx';

export default deviceFormPages.CreatePage;
