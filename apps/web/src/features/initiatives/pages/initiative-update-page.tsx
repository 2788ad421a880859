import { initiativeFormPages } from './initiative-form-pages.tsx';

export default initiativeFormPages.UpdatePage;
