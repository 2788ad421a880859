import { ErrorCode } from '@scentia/shared/error-codes';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { findUnsafeText } from '../lib/unsafe-text.ts';

/** The `charset` parameter of a content type, without quotes; undefined when none is declared. */
function declaredCharset(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  return /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType)?.[1];
}

/**
 * Every string a request brings — path parameters, query and JSON body, values and keys — is checked
 * here once, before any route schema or service sees it: text the database or our exports cannot hold
 * (lib/unsafe-text.ts) is a 400 naming the field, never a 500 from deep inside. Multipart bodies are read
 * by their handlers, so lib/multipart-form.ts runs the same check on each part.
 */
export const inputGuardPlugin = fp(
  async (app) => {
    // Every body is decoded as UTF-8 (JSON has no other encoding, RFC 8259): one declared in another
    // charset would be stored with replacement characters, so it is refused before a byte is read.
    // Both hooks take a callback rather than returning a promise: on nearly every request they find
    // nothing, and a promise and its reaction on each would cost more than the check itself.
    app.addHook('preParsing', function refuseOtherCharsets(request, _reply, payload, done) {
      const charset = declaredCharset(request.headers['content-type']);
      if (charset !== undefined && !/^utf-?8$/i.test(charset))
        done(new AppError(ErrorCode.UNSUPPORTED_CHARSET));
      else done(null, payload);
    });
    app.addHook('preValidation', function refuseUnsafeText(request, _reply, done) {
      const found =
        findUnsafeText(request.params) ?? findUnsafeText(request.query) ?? findUnsafeText(request.body);
      if (!found) return done();
      done(
        new AppError(ErrorCode.VALIDATION, {
          fields: [
            {
              path: found.path || 'body',
              key: 'field.unsafeText',
              params: { character: found.character },
            },
          ],
        }),
      );
    });
  },
  { name: 'input-guard', dependencies: ['i18n', 'error-handler'] },
);
