import { PasswordLinkPage } from '../components/password-link-page.tsx';
import { RequireToken } from '../components/require-token.tsx';

/** /auth/recuperar-senha?t=: a new password from the recovery mail's link. */
export default function RecoverPasswordPage() {
  return (
    <RequireToken>
      <PasswordLinkPage kind="recovery" />
    </RequireToken>
  );
}
