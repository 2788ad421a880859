import { PasswordLinkPage } from '../components/password-link-page.tsx';
import { RequireToken } from '../components/require-token.tsx';

/** /auth/cadastrar-senha?t=: the first password of an account an administrator created. */
export default function RegisterPasswordPage() {
  return (
    <RequireToken>
      <PasswordLinkPage kind="registration" />
    </RequireToken>
  );
}
